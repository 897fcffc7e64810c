import { eq } from 'drizzle-orm'
import type { Lang, Message, MessageParams } from '../../../contract/i18n'
import { users } from '../../db/schema'
import { translate } from '../../lib/i18n'
import { alertAdminsIn } from '../../mail/admin-alert'
import { compose } from '../../mail/templates'
import { resolveUserSettings, userLanguage } from '../settings'
import type { PayoutServices } from './deps'
import { methodLabel } from './methods'
import type { PayoutRow } from './view'
import { moneyIn, RAIL_NAMES } from './words'

/** What a payout's seller is told when it is paid or not made, and the admins when its result does not match. */

async function recipient(deps: PayoutServices, sellerId: string) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, sellerId))
  if (!user) return null
  const settings = resolveUserSettings(user)
  return {
    email: user.email,
    phone: user.phone && user.phoneVerifiedAt && settings.smsPayouts ? user.phone : null,
    timeZone: settings.timeZone,
    lang: userLanguage(user),
  }
}

/** A payout's mail and text to its seller, written in their account's language. */
async function tell(
  deps: PayoutServices,
  row: PayoutRow,
  write: (lang: Lang) => { subject: string; lines: string[]; sms: string },
) {
  const to = await recipient(deps, row.sellerId)
  if (!to) return
  const url = `${deps.config.publicUrl}/account/withdraw`
  const { subject, lines, sms } = write(to.lang)
  try {
    const label = translate(to.lang, /*i18n*/ { id: 'mail.payout.action', message: 'See your payouts' })
    await deps.mailer.send(compose(to.email, subject, lines, { label, url }, to.lang))
  } catch (error) {
    deps.log.error('payout mail not sent', { payoutId: row.id, error })
  }
  if (to.phone)
    await deps.sms.queue(deps.db, {
      eventKey: `payout:${row.id}:${row.status}`,
      kind: 'payout',
      phone: to.phone,
      text: sms,
    })
}

export async function notifyPaid(deps: PayoutServices, row: PayoutRow) {
  await tell(deps, row, (lang) => {
    const t = (message: Message, params?: MessageParams) => translate(lang, message, params)
    const params = {
      amount: moneyIn(lang, row.amount - row.fee, row.currency),
      where: methodLabel(row.destination),
      receipt: row.receipt ?? '',
    }
    return {
      subject: t(/*i18n*/ { id: 'mail.payout.paid.subject', message: 'Paid: {amount} to {where}' }, params),
      lines: [
        t(
          /*i18n*/ {
            id: 'mail.payout.paid.body',
            message: 'Your Soko payout of {amount} was paid to {where}.',
          },
          params,
        ),
        ...(row.receipt
          ? [t(/*i18n*/ { id: 'mail.payout.paid.receipt', message: 'Receipt: {receipt}.' }, params)]
          : []),
      ],
      sms: row.receipt
        ? t(
            /*i18n*/ {
              id: 'sms.payout.paid.receipt',
              message: 'Soko: {amount} paid to {where}. Receipt {receipt}.',
            },
            params,
          )
        : t(/*i18n*/ { id: 'sms.payout.paid', message: 'Soko: {amount} paid to {where}.' }, params),
    }
  })
}

export async function notifyFailed(deps: PayoutServices, row: PayoutRow) {
  await tell(deps, row, (lang) => {
    const t = (message: Message, params?: MessageParams) => translate(lang, message, params)
    const amount = moneyIn(lang, row.amount - row.fee, row.currency)
    const params = {
      amount,
      where: methodLabel(row.destination),
      // The stored reason is in the words it was stored in.
      title: row.failureTitle ?? amount,
      why: row.failureTitle ?? t(/*i18n*/ { id: 'sms.payout.failed.see-app', message: 'see the app' }),
    }
    return {
      subject: t(/*i18n*/ { id: 'mail.payout.failed.subject', message: 'Payout not made: {title}' }, params),
      lines: [
        t(
          /*i18n*/ {
            id: 'mail.payout.failed.body',
            message: 'Your Soko payout of {amount} to {where} was not made.',
          },
          params,
        ),
        row.failureText ??
          t(/*i18n*/ { id: 'mail.payout.failed.why', message: 'The payout could not be made.' }),
      ],
      sms: t(
        /*i18n*/ {
          id: 'sms.payout.failed',
          message: 'Soko: your payout of {amount} was not made: {why}. The money is back in your balance.',
        },
        params,
      ),
    }
  })
}

/** A provider's "paid" for another amount than the payout sent: the admins are told, each in their language. */
export async function alertPayoutMismatch(
  deps: PayoutServices,
  row: PayoutRow,
  { sent, got, expected }: { sent: { amount: number; currency: string }; got: string; expected: string },
) {
  await alertAdminsIn(deps, (lang) => {
    const t = (message: Message, params?: MessageParams) => translate(lang, message, params)
    const params = {
      amount: moneyIn(lang, sent.amount, sent.currency),
      where: methodLabel(row.destination),
      rail:
        row.rail === 'bank'
          ? t(/*i18n*/ { id: 'mail.admin.payout-mismatch.bank', message: 'the bank' })
          : RAIL_NAMES[row.rail],
      id: row.id,
      got,
      expected,
    }
    return {
      subject: t(
        /*i18n*/ {
          id: 'mail.admin.payout-mismatch.subject',
          message: 'A payout result does not match: {amount} to {where}',
        },
        params,
      ),
      paragraphs: [
        t(
          /*i18n*/ {
            id: 'mail.admin.payout-mismatch.body',
            message:
              '{rail} reported payout {id} paid, but for {got} (minor units) where Soko sent {expected}.',
          },
          params,
        ),
        t(
          /*i18n*/ {
            id: 'mail.admin.payout-mismatch.nothing-settled',
            message:
              'Nothing was settled: the payout stays on its way and its provider is asked again. Check it with the provider before anything else is done.',
          },
        ),
      ],
      action: {
        label: t(/*i18n*/ { id: 'mail.admin.payout-mismatch.action', message: 'Open the payouts' }),
        url: `${deps.config.publicUrl}/admin/payouts`,
      },
    }
  })
}
