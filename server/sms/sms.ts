import { and, count, eq, gte, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db, DbOrTx } from '../db/client'
import { smsMessages, smsOptOuts } from '../db/schema'
import type { SmsKind, SmsStatus } from '../db/sms.schema'
import type { Config } from '../env'
import { defineJob, exponentialBackoff, type JobDefinition } from '../jobs/define'
import { enqueue } from '../jobs/store'
import { clock } from '../lib/clock'
import { translate } from '../lib/i18n'
import type { Logger } from '../lib/log'
import { uuidv7 } from '../lib/uuid'
import { alertAdminsIn } from '../mail/admin-alert'
import type { Mailer } from '../mail/mailer'
import { writeToOutbox } from '../mail/outbox'
import type { Fetch } from '../payments/payments'
import { africasTalking, INSUFFICIENT_BALANCE, type SmsSender } from './africastalking'

/**
 * SMS, sent through the job runner: an event queues one message (once, by its key), and the `sms.send` job
 * hands it to Africa's Talking (or its sandbox), retrying what failed for a while and recording what was
 * refused for good. The outbox table keeps a copy of each message as it is queued, with its event.
 */
export interface Sms {
  /**
   * Queues the message of one event; answers its id, or null when this event already has one or the number
   * asked not to get this kind. Call it inside the transaction that records the event, or after it.
   */
  queue(db: DbOrTx, message: QueuedSms): Promise<string | null>
  /** The job that sends queued messages: the server's job runner runs it. */
  job: JobDefinition<{ id: string }>
  /** A delivery report from the provider: records a message's final state. */
  report(fields: Record<string, string>): Promise<'recorded' | 'unknown'>
}

export interface QueuedSms {
  /** What the message is for, unique: `receipt:{orderId}`, `code:{tokenId}`. */
  eventKey: string
  kind: SmsKind
  /** 2547XXXXXXXX */
  phone: string
  text: string
}

export interface SmsDeps {
  db: Db
  config: Config
  log: Logger
  mailer: Mailer
  /** Reaches this server's own sandbox in-process. */
  fetch?: Fetch
  /** Defaults to Africa's Talking (or the sandbox) as configured. */
  sender?: SmsSender
}

/** A temporary failure: the job fails this attempt and the runner tries again later. */
class TryLater extends Error {}

const SEND_ATTEMPTS = 8
const HOUR_MS = 3_600_000

export function createSms(deps: SmsDeps): Sms {
  const { db, config, log } = deps
  const base = config.sms.baseUrl ?? `${config.publicUrl}/sandbox/africastalking`
  const sender = deps.sender ?? africasTalking(config.sms, base, deps.fetch)

  const job = defineJob({
    name: 'sms.send',
    payload: z.object({ id: z.uuid() }),
    maxAttempts: SEND_ATTEMPTS,
    // 30 s, 1 min, 2 min, … up to an hour: about two hours in all before a message is given up.
    backoffMs: exponentialBackoff(30_000, HOUR_MS),
    async run({ id }, { attempt }) {
      const [message] = await db.select().from(smsMessages).where(eq(smsMessages.id, id))
      if (message?.status !== 'queued') return
      if (await overLimit(message.phone, message.id)) {
        if (attempt < SEND_ATTEMPTS)
          // i18n-ignore: why the job tries later, for its log
          throw new TryLater(`More than ${config.sms.perNumberHour} SMS to this number in an hour`)
        // i18n-ignore: the message row's delivery reason, an internal record beside the provider's own
        return settle(id, 'failed', { reason: 'Too many messages to this number' })
      }
      const sent = await sender.send(message.phone, message.text)
      if (sent.outcome === 'sent') return settle(id, 'sent', { providerId: sent.providerId, code: sent.code })
      if (sent.outcome === 'refused') {
        await settle(id, 'failed', { code: sent.code, reason: sent.reason })
        log.warn('SMS refused', { id, code: sent.code, reason: sent.reason })
        if (sent.code === INSUFFICIENT_BALANCE) await alertOutOfCredit(sent.reason)
        return
      }
      if (attempt >= SEND_ATTEMPTS) return settle(id, 'failed', { code: sent.code, reason: sent.reason })
      await db
        .update(smsMessages)
        .set({ code: sent.code, reason: sent.reason, updatedAt: clock.now() })
        .where(eq(smsMessages.id, id))
      throw new TryLater(sent.reason)
    },
  })

  /** Whether the number already had its hour's messages (those taken by the provider, before this one). */
  async function overLimit(phone: string, id: string): Promise<boolean> {
    const [row] = await db
      .select({ n: count() })
      .from(smsMessages)
      .where(
        and(
          eq(smsMessages.phone, phone),
          inArray(smsMessages.status, ['sent', 'delivered']),
          gte(smsMessages.updatedAt, new Date(clock.ms() - HOUR_MS)),
          sql`${smsMessages.id} <> ${id}`,
        ),
      )
    return (row?.n ?? 0) >= config.sms.perNumberHour
  }

  async function settle(
    id: string,
    status: SmsStatus,
    fields: { providerId?: string; code?: number | null; reason?: string },
  ) {
    await db
      .update(smsMessages)
      .set({ status, ...fields, updatedAt: clock.now() })
      .where(and(eq(smsMessages.id, id), eq(smsMessages.status, 'queued')))
  }

  /** Each admin reads it in their account's language; the provider's reason as it gave it. */
  const alertOutOfCredit = (reason: string) =>
    alertAdminsIn({ db, config, mailer: deps.mailer, log }, (lang) => ({
      subject: translate(
        lang,
        /*i18n*/ {
          id: 'alert.sms.no-credit.subject',
          message: 'Soko cannot send SMS: the account is out of credit',
        },
      ),
      paragraphs: [
        translate(
          lang,
          /*i18n*/ {
            id: 'alert.sms.no-credit.refused',
            message: "Africa's Talking refused an SMS: {reason}.",
          },
          { reason },
        ),
        translate(
          lang,
          /*i18n*/ {
            id: 'alert.sms.no-credit.next',
            message: 'Top up the SMS account; messages refused meanwhile are not sent again.',
          },
        ),
      ],
    }))

  return {
    job,
    async queue(tx, message) {
      if (message.kind !== 'code') {
        const [out] = await tx
          .select({ phone: smsOptOuts.phone })
          .from(smsOptOuts)
          .where(and(eq(smsOptOuts.phone, message.phone), eq(smsOptOuts.kind, message.kind)))
        if (out) return null
      }
      const id = uuidv7()
      const [row] = await tx
        .insert(smsMessages)
        .values({ id, ...message })
        .onConflictDoNothing({ target: smsMessages.eventKey })
        .returning({ id: smsMessages.id })
      if (!row) return null
      await enqueue(tx, job, { id })
      await writeToOutbox(tx, { kind: 'sms', to: message.phone, text: message.text })
      return id
    },
    async report(fields) {
      const id = fields.id ?? ''
      const status = fields.status ?? ''
      if (!id) return 'unknown'
      const final: SmsStatus | null =
        status === 'Success' ? 'delivered' : ['Failed', 'Rejected'].includes(status) ? 'failed' : null
      const [row] = await db
        .update(smsMessages)
        .set({
          ...(final ? { status: final } : {}),
          ...(final === 'failed' ? { reason: fields.failureReason || status } : {}),
          updatedAt: clock.now(),
        })
        .where(
          and(eq(smsMessages.providerId, id), inArray(smsMessages.status, ['sent', 'delivered', 'failed'])),
        )
        .returning({ id: smsMessages.id })
      return row ? 'recorded' : 'unknown'
    },
  }
}
