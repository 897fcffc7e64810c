import { Hono } from 'hono'
import { z } from 'zod'
import { clock } from '../../lib/clock'
import { escapeHtml } from '../../lib/html'
import type { Logger } from '../../lib/log'
import { page, sandboxPage } from './pages'

/** The furthest the clock may run ahead: a year and a month covers renewals, schedules and expiries. */
export const MAX_CLOCK_OFFSET_HOURS = 400 * 24

const HOUR_MS = 3_600_000

/** A move forward: whole hours, from a form's text or a JSON number. */
const hoursForward = z.coerce
  .number({ error: 'Give the hours as a number' })
  .int('Give whole hours')
  .min(1, 'Move it forward by at least 1 hour')
  .max(MAX_CLOCK_OFFSET_HOURS, `Move it by at most ${MAX_CLOCK_OFFSET_HOURS} hours`)

/** What a move asks: back to the machine's time, some hours forward, or (a message) nothing it can do. */
function readMove(body: unknown): { reset: true } | { hours: number } | { error: string } {
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {}
  if (fields.reset === '1' || fields.reset === true) return { reset: true }
  if (fields.hours === undefined || fields.hours === '') return { error: 'Give the hours to move forward by' }
  const hours = hoursForward.safeParse(fields.hours)
  return hours.success
    ? { hours: hours.data }
    : { error: hours.error.issues[0]?.message ?? 'Give whole hours' }
}

const CSS = `
  main { padding: 0 1rem 2rem; }
  label { display: block; font-weight: 600; margin-top: .75rem; }
  .error { color: #b00020; margin: .25rem 0 0; font-weight: 600; }
  input { padding: .6rem; }
  button { padding: .5rem 1rem; margin-top: .5rem; }
  dl { display: grid; grid-template-columns: fit-content(50%) minmax(0, 1fr); gap: .25rem 1rem; }
  dt { font-weight: 600; }
  dd { margin: 0; }
  .quiet { color: #444; font-size: .9rem; }`

/**
 * The sandbox's clock control: moves this server's clock (every decision it takes about time: jobs,
 * holds, schedules, reminders, expiries) forward, so that what happens a day or a month later can be tried
 * now. Mounted only while every provider is in sandbox mode; the clock of this process only.
 *
 *   GET  /sandbox/clock            the page: Soko's time, how far ahead it runs, a form to move it
 *   POST /sandbox/clock  hours=24  forward by 24 hours more (or reset=1: back to the machine's time);
 *                                  a form is sent back to the page, a JSON call is answered in JSON
 */
export function clockSandbox(log: Logger) {
  const app = new Hono()
  const state = () => ({ now: clock.now().toISOString(), offsetHours: clock.offsetMs() / HOUR_MS })

  /** The page; after a refusal, with what was typed kept in the field and why it was refused under it. */
  const view = (error = '', typed = '24') => {
    const { now, offsetHours } = state()
    const ahead =
      offsetHours === 0
        ? 'not moved'
        : `${offsetHours} hour${offsetHours === 1 ? '' : 's'} ahead of the machine's clock`
    return sandboxPage({
      title: 'Sandbox clock',
      css: CSS,
      body: `<p>Move this server's clock forward to see what happens later: reminders, renewals, scheduled payouts, holds that end, links that expire. The jobs take the new time within a minute.</p>
<dl><dt>Soko's time</dt><dd><time datetime="${now}" id="now">${escapeHtml(now.slice(0, 16).replace('T', ' '))} UTC</time></dd>
<dt>Clock</dt><dd id="offset">${escapeHtml(ahead)}</dd></dl>
<form method="post"><label for="hours">Move forward by (hours)</label>
<input id="hours" name="hours" inputmode="numeric" required value="${escapeHtml(typed)}"${error ? ' aria-invalid="true" aria-describedby="hours-error"' : ''}>
${error ? `<p role="alert" class="error" id="hours-error">${escapeHtml(error)}</p>` : ''}
<button>Move the clock</button></form>
${offsetHours ? '<form method="post"><input type="hidden" name="reset" value="1"><button>Back to the real time</button></form>' : ''}
<p class="quiet">This server's clock only: other instances keep theirs.</p>`,
    })
  }

  app.get('/', (c) => page(c, view()))

  app.post('/', async (c) => {
    const json = (c.req.header('content-type') ?? '').startsWith('application/json')
    const body = json ? await c.req.json().catch(() => null) : await c.req.parseBody()
    const asked = readMove(body)
    if ('error' in asked) {
      const typed =
        body && typeof body === 'object' ? String((body as Record<string, unknown>).hours ?? '') : ''
      return json ? c.json({ error: { hours: asked.error } }, 400) : page(c, view(asked.error, typed), 400)
    }
    if ('reset' in asked) clock.setOffset(0)
    else clock.setOffset(Math.min(clock.offsetMs() + asked.hours * HOUR_MS, MAX_CLOCK_OFFSET_HOURS * HOUR_MS))
    log.warn(`Sandbox clock: now ${clock.offsetMs() / HOUR_MS} hours ahead of the machine's clock`)
    return json ? c.json(state()) : c.redirect('/sandbox/clock', 303)
  })

  return app
}
