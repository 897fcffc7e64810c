import { and, eq, isNull } from 'drizzle-orm'
import type { PayoutMethod } from '../../../contract/accounts.contract'
import type { CurrencyCode } from '../../../contract/currencies'
import { PAYOUTS, PAYOUTS_FIELD } from '../../../contract/errors/payouts'
import type { Message, MessageParams } from '../../../contract/i18n'
import { PAYPAL_PAYOUT_CURRENCIES } from '../../../contract/payouts.constants'
import type { PayoutDestination } from '../../../contract/payouts.contract'
import { displayPhone } from '../../../contract/phone-number'
import { payoutMethods, users } from '../../db/schema'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { translate } from '../../lib/i18n'
import { uuidv7 } from '../../lib/uuid'
import { compose } from '../../mail/templates'
import { consumePhoneCode } from '../../sms/phone-codes'
import { userLanguage } from '../settings'
import type { PayoutServices } from './deps'
import { money, whenIn } from './words'

export type MethodRow = typeof payoutMethods.$inferSelect

/** A destination as people read it: "M-Pesa 0712 345 678", "PayPal amina@example.com", "Equity Bank ••• 6789". */
export function methodLabel(details: PayoutMethod): string {
  if (details.kind === 'mpesa') return `M-Pesa ${displayPhone(details.phone)}`
  if (details.kind === 'paypal') return `PayPal ${details.email}`
  const digits = details.accountNumber.replace(/[\s-]/g, '')
  return `${details.bankName} ••• ${digits.slice(-4)} (${details.currency})`
}

/** The one currency a destination takes; null for PayPal, which takes several. */
export function methodCurrency(details: PayoutMethod): CurrencyCode | null {
  if (details.kind === 'mpesa') return 'KES'
  if (details.kind === 'bank') return details.currency
  return null
}

/** Whether a destination can receive this currency (no conversion: a balance goes out in its own). */
export function takes(method: Pick<MethodRow, 'rail' | 'currency'>, currency: CurrencyCode): boolean {
  if (method.rail === 'paypal') return (PAYPAL_PAYOUT_CURRENCIES as readonly string[]).includes(currency)
  return method.currency === currency
}

/** The 400 for a destination that does not take the currency asked for: what it does take. */
export function wrongCurrency(method: Pick<MethodRow, 'rail' | 'currency'>, currency: string): AppError {
  const refuse = (message: Message, field: Message, params: MessageParams = {}) =>
    new AppError(400, message, {
      params: { ...params, currency },
      fields: { methodId: { ...field, params } },
    })
  if (method.rail === 'paypal')
    return refuse(PAYOUTS.paypalTakes, PAYOUTS_FIELD.paypalTakes, {
      currencies: PAYPAL_PAYOUT_CURRENCIES.join(', '),
    })
  if (method.rail === 'mpesa') return refuse(PAYOUTS.mpesaTakes, PAYOUTS_FIELD.mpesaTakes)
  return refuse(PAYOUTS.bankTakes, PAYOUTS_FIELD.bankTakes, { accountCurrency: method.currency ?? '' })
}

export function destinationView(row: MethodRow): PayoutDestination {
  return {
    id: row.id,
    rail: row.rail,
    label: methodLabel(row.details),
    currency: row.currency,
    usableFrom: row.usableFrom.toISOString(),
    createdAt: row.createdAt.toISOString(),
  }
}

/** A seller's destinations still in use, oldest first. */
export async function listMethods(deps: Pick<PayoutServices, 'db'>, sellerId: string): Promise<MethodRow[]> {
  return deps.db
    .select()
    .from(payoutMethods)
    .where(and(eq(payoutMethods.sellerId, sellerId), isNull(payoutMethods.removedAt)))
    .orderBy(payoutMethods.createdAt)
}

/** The same destination twice is one: numbers, e-mails and account numbers compared as written plainly. */
function sameDestination(a: PayoutMethod, b: PayoutMethod): boolean {
  if (a.kind === 'mpesa' && b.kind === 'mpesa') return a.phone === b.phone
  if (a.kind === 'paypal' && b.kind === 'paypal') return a.email.toLowerCase() === b.email.toLowerCase()
  if (a.kind === 'bank' && b.kind === 'bank')
    return (
      a.accountNumber.replace(/[\s-]/g, '').toUpperCase() ===
        b.accountNumber.replace(/[\s-]/g, '').toUpperCase() &&
      a.bankName.toLowerCase() === b.bankName.toLowerCase() &&
      a.currency === b.currency
    )
  return false
}

/**
 * Adds a destination. An M-Pesa number needs the code that was sent to it (proof the seller holds it).
 * It receives nothing for `newMethodWaitHours`, and the seller is told by mail and by SMS to the account's
 * own number, so that someone who took over the account cannot quietly send the money elsewhere.
 */
export async function addMethod(
  deps: PayoutServices,
  sellerId: string,
  input: { method: PayoutMethod; code?: string | undefined },
): Promise<MethodRow> {
  const { method } = input
  if (method.kind === 'mpesa') {
    if (!input.code)
      throw new AppError(400, PAYOUTS.enterCodeWeSent, { fields: { code: PAYOUTS_FIELD.enterCodeFromSMS } })
    await consumePhoneCode(deps.db, sellerId, method.phone, input.code)
  }
  return insertMethod(deps, sellerId, method)
}

async function insertMethod(
  deps: PayoutServices,
  sellerId: string,
  method: PayoutMethod,
): Promise<MethodRow> {
  const existing = await listMethods(deps, sellerId)
  if (existing.some((row) => sameDestination(row.details, method)))
    throw new AppError(409, PAYOUTS.alreadyDestination)
  const now = clock.now()
  const [row] = await deps.db
    .insert(payoutMethods)
    .values({
      id: uuidv7(),
      sellerId,
      rail: method.kind,
      details: method,
      currency: methodCurrency(method),
      usableFrom: new Date(now.getTime() + deps.config.payouts.newMethodWaitHours * 3_600_000),
    })
    .returning()
  if (!row) throw new Error('insert returned no row')
  await tellSellerOfNewMethod(deps, sellerId, row)
  return row
}

/**
 * The payout method given when the storefront was opened becomes the seller's first destination: a PayPal
 * e-mail or a bank account as given, an M-Pesa number only when it is the account's confirmed phone (any
 * other number is confirmed with a code on the withdraw page first). It waits like any new destination.
 */
export async function addSignupMethod(deps: PayoutServices, sellerId: string, method: PayoutMethod) {
  if (method.kind === 'mpesa') {
    const [user] = await deps.db
      .select({ phone: users.phone, verified: users.phoneVerifiedAt })
      .from(users)
      .where(eq(users.id, sellerId))
    if (user?.phone !== method.phone || !user.verified) return null
  }
  return insertMethod(deps, sellerId, method)
}

async function tellSellerOfNewMethod(deps: PayoutServices, sellerId: string, row: MethodRow) {
  const [user] = await deps.db
    .select({
      email: users.email,
      phone: users.phone,
      verified: users.phoneVerifiedAt,
      settings: users.settings,
    })
    .from(users)
    .where(eq(users.id, sellerId))
  if (!user) return
  // In the seller's own language, as every mail and text to them.
  const lang = userLanguage(user)
  const t = (message: Message, params?: MessageParams) => translate(lang, message, params)
  const label = methodLabel(row.details)
  const from = whenIn(lang, row.usableFrom, 'Africa/Nairobi')
  const url = `${deps.config.publicUrl}/account/withdraw`
  try {
    await deps.mailer.send(
      compose(
        user.email,
        t(
          /*i18n*/ {
            id: 'mail.payout-method.added.subject',
            message: 'A new payout destination was added to your Soko account',
          },
        ),
        [
          t(
            /*i18n*/ {
              id: 'mail.payout-method.added.body',
              message:
                '{label} was added as a place to send your Soko payouts. It can receive money from {from}.',
            },
            { label, from },
          ),
          t(
            /*i18n*/ {
              id: 'mail.payout-method.added.not-you',
              message:
                'If this was not you, remove it now and change your password: no money goes there before that time.',
            },
          ),
        ],
        {
          label: t(
            /*i18n*/ { id: 'mail.payout-method.added.action', message: 'Review your payout destinations' },
          ),
          url,
        },
        lang,
      ),
    )
  } catch (error) {
    deps.log.error('new payout destination mail not sent', { sellerId, error })
  }
  if (user.phone && user.verified)
    await deps.sms.queue(deps.db, {
      eventKey: `payout-method:${row.id}`,
      kind: 'payout',
      phone: user.phone,
      text: t(
        /*i18n*/ {
          id: 'sms.payout-method.added',
          message: 'Soko: {label} was added for your payouts. Not you? Remove it at {url}',
        },
        { label, url },
      ),
    })
}

/** Takes a destination out of use; payouts already on their way to it go on (they keep its details). */
export async function removeMethod(deps: Pick<PayoutServices, 'db'>, sellerId: string, methodId: string) {
  const removed = await deps.db
    .update(payoutMethods)
    .set({ removedAt: clock.now() })
    .where(
      and(
        eq(payoutMethods.id, methodId),
        eq(payoutMethods.sellerId, sellerId),
        isNull(payoutMethods.removedAt),
      ),
    )
    .returning({ id: payoutMethods.id })
  if (removed.length === 0) throw new AppError(404, PAYOUTS.noSuchPayoutDestination)
}

/** How an admin's log names a payout: `KES 1,000.00 to M-Pesa +254 708 374 149`. */
export function payoutLabel(row: { amount: number; currency: string; destination: PayoutMethod }): string {
  return `${money(row.amount, row.currency)} to ${methodLabel(row.destination)}`
}
