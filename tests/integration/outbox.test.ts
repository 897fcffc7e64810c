import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OUTBOX_PAGE_SIZE, type OutboxMessage } from '../../contract/admin.contract'
import { outbox } from '../../server/db/schema'
import { createLogger } from '../../server/lib/log'
import { createMailer } from '../../server/mail/mailer'
import { writeToOutbox } from '../../server/mail/outbox'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { lastLink } from '../support/outbox'
import { personOf } from '../support/shop'

interface OutboxPage {
  enabled: boolean
  messages: OutboxMessage[]
  next: string | null
}

const pageOf = (answer: Awaited<ReturnType<RunningApp['call']>>) => answer.body.data as OutboxPage

describe.each(databaseKinds)('the outbox on %s', (kind) => {
  let app: RunningApp
  let admin: Awaited<ReturnType<typeof personOf>>
  beforeAll(async () => {
    app = await startApp(kind)
    admin = await personOf(app, 'ops@example.com', { roles: ['admin'] })
  })
  afterAll(() => app.close())

  it('keeps a mail as it would have gone out, and what a person reads of it; the log line has no body', async () => {
    const mailer = createMailer(app.config, createLogger('silent'), app.database.db)
    await mailer.send({
      to: 'Wanjiku Kamau <wanjiku@example.com>',
      subject: 'Ndiyo: your invoice — KES 2,500',
      text: 'Habari Wanjiku,\n\nYour invoice is attached.',
      html: '<p>Habari Wanjiku,</p><p>Your invoice is attached.</p>',
      attachments: [
        { filename: 'INV-0001.pdf', content: Buffer.from('%PDF-1.4 hello'), contentType: 'application/pdf' },
      ],
    })
    const [row] = await app.database.db.select().from(outbox).where(eq(outbox.kind, 'mail'))
    expect(row).toMatchObject({
      recipient: 'Wanjiku Kamau <wanjiku@example.com>',
      subject: 'Ndiyo: your invoice — KES 2,500',
      text: 'Habari Wanjiku,\n\nYour invoice is attached.',
    })
    expect(row?.raw).toMatch(/^Content-Type: application\/pdf; name=INV-0001\.pdf$/m)
    expect((await app.call('getOutboxMail', { id: row?.id }, admin.token)).body.data).toEqual({
      raw: row?.raw,
    })

    // A mail the server sends: its log line names it by subject, never with the link it carries.
    expect((await app.call('requestPasswordReset', { email: admin.user.email })).status).toBe(200)
    const { token } = await lastLink(app.database.db, admin.user.email, '/reset/')
    const logged = app.logs.filter((line) => line.includes('mail written to the outbox'))
    expect(logged.some((line) => line.includes('Reset your Soko password'))).toBe(true)
    expect(logged.filter((line) => line.includes(token))).toEqual([])
  })

  it('lists newest first in pages, finds recipients by part of the address, and shows mails only to admins', async () => {
    await app.database.db.delete(outbox)
    const written: string[] = []
    for (let i = 0; i < OUTBOX_PAGE_SIZE + 5; i++)
      written.push(
        await writeToOutbox(app.database.db, {
          kind: 'sms',
          to: `2547110000${i % 10}0`,
          text: `Message ${i}`,
        }),
      )
    written.push(
      await writeToOutbox(app.database.db, { kind: 'sms', to: 'ten%_off@Example.com', text: 'A literal %' }),
    )
    const first = pageOf(await app.call('listOutbox', {}, admin.token))
    expect(first.messages).toHaveLength(OUTBOX_PAGE_SIZE)
    expect(first.messages.map((m) => m.id)).toEqual(written.slice(-OUTBOX_PAGE_SIZE).reverse())
    expect(first.next).toBe(first.messages.at(-1)?.id)
    const second = pageOf(await app.call('listOutbox', { before: first.next }, admin.token))
    expect(second.messages.map((m) => m.id)).toEqual(written.slice(0, -OUTBOX_PAGE_SIZE).reverse())
    expect(second.next).toBeNull()
    expect(second.messages.at(-1)).toMatchObject({
      kind: 'sms',
      to: '254711000000',
      subject: '',
      text: 'Message 0',
    })
    expect(Date.parse(second.messages.at(-1)?.sentAt ?? '')).not.toBeNaN()

    // `to` is a part of the recipient, in any case, its % and _ meaning themselves.
    const found = async (to: string) =>
      pageOf(await app.call('listOutbox', { to }, admin.token)).messages.map((m) => m.to)
    expect(await found('%_OFF@example')).toEqual(['ten%_off@Example.com'])
    expect(await found('%')).toEqual(['ten%_off@Example.com'])
    expect(await found('2547110000_0')).toEqual([])
    expect(await found('254711000090')).toHaveLength(5)

    const sms = written[0] ?? ''
    expect((await app.call('getOutboxMail', { id: sms }, admin.token)).status).toBe(404)
    expect((await app.call('listOutbox', { before: 'not-an-id' }, admin.token)).status).toBe(400)
    const customer = await personOf(app, 'curious@example.com')
    expect((await app.call('getOutboxMail', { id: sms }, customer.token)).status).toBe(403)
  })
})

/**
 * Two instances on one PostgreSQL database, each with a data folder of its own, as behind a load balancer:
 * what either one sent is on the admin's Messages page of both. With the outbox kept as files in each
 * instance's data folder, each page listed only its own instance's messages.
 */
describe.runIf(process.env.DATABASE_URL)('the outbox of two instances', () => {
  let a: RunningApp
  let b: RunningApp
  beforeAll(async () => {
    a = await startApp('postgres')
    b = await startApp('postgres', {}, { sharing: a })
  })
  afterAll(async () => {
    await b?.close()
    await a?.close()
  })

  it("lists the mail one instance sent and the SMS the other sent, on either instance's page", async () => {
    expect(a.dataDir).not.toBe(b.dataDir)
    const admin = await personOf(a, 'ops@example.com', { roles: ['admin'] })
    const seller = await personOf(b, 'amina@example.com')
    expect((await a.call('requestPasswordReset', { email: seller.user.email })).status).toBe(200)
    expect((await b.call('requestPhoneCode', { phone: '0722 333 444' }, seller.token)).status).toBe(200)

    for (const instance of [a, b]) {
      const { messages } = pageOf(await instance.call('listOutbox', {}, admin.token))
      expect(messages.map((m) => [m.kind, m.to, m.subject])).toEqual([
        ['sms', '254722333444', ''],
        ['mail', 'amina@example.com', 'Reset your Soko password'],
      ])
    }
  })
})
