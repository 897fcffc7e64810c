import { describe, expect, it } from 'vitest'
import { createLogger } from '../../../server/lib/log'

/** A logger whose lines are kept, each parsed. */
function kept(level: 'debug' | 'info' | 'warn' | 'error' | 'silent' = 'info') {
  const lines: string[] = []
  const log = createLogger(level, (line) => lines.push(line))
  return { log, lines, events: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) }
}

describe('createLogger', () => {
  it('writes one JSON line per event: level, time, message and fields', () => {
    const { log, lines, events } = kept()
    log.info('payout sent', { payoutId: 'p1', amount: 1_000_00, requestId: 'abc123' })
    expect(lines).toHaveLength(1)
    expect(lines[0]).not.toContain('\n')
    expect(events()[0]).toEqual({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      msg: 'payout sent',
      payoutId: 'p1',
      amount: 1_000_00,
      requestId: 'abc123',
    })
  })

  it('writes nothing below its level, and nothing at all when silent', () => {
    const { log, lines } = kept('warn')
    log.debug('detail')
    log.info('normal')
    log.warn('odd')
    expect(lines).toHaveLength(1)
    const silent = kept('silent')
    silent.log.error('unheard')
    expect(silent.lines).toEqual([])
  })

  it('keeps secrets out: fields named like one, and the secret parts of signed or keyed URLs', () => {
    const { log, events } = kept()
    log.warn('sign-in refused', {
      password: 'baobab-shade-2026',
      token: 'session-token',
      request: { authorization: 'Bearer abc', path: '/' },
      url: 'https://bucket.example/files/a.zip?X-Amz-Credential=AKIA&X-Amz-Signature=deadbeef&size=3',
      link: 'https://soko.example/download/o1?key=order-access-key',
    })
    const [event] = events()
    expect(event).toMatchObject({
      password: '[redacted]',
      token: '[redacted]',
      request: { authorization: '[redacted]', path: '/' },
      url: 'https://bucket.example/files/a.zip?X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]&size=3',
      link: 'https://soko.example/download/o1?key=[redacted]',
    })
    expect(JSON.stringify(event)).not.toMatch(/baobab|session-token|Bearer|AKIA|deadbeef|order-access-key/)
  })

  it('writes an error as its type, message and stack, with signed URLs blanked there too', () => {
    const { log, events } = kept()
    log.error('file storage failed', {
      error: new TypeError('fetch failed for https://bucket.example/a?Signature=s3cr3t'),
    })
    const error = events()[0]?.error as Record<string, string>
    expect(error.type).toBe('TypeError')
    expect(error.message).toBe('fetch failed for https://bucket.example/a?Signature=[redacted]')
    expect(error.stack).toContain('TypeError: fetch failed for https://bucket.example/a?Signature=[redacted]')
    expect(error.stack).not.toContain('s3cr3t')
  })
})
