import { clock } from '../../../lib/clock'
import { darajaTimestamp } from '../../mpesa.wire'
import {
  absoluteUrl,
  darajaError,
  invalid,
  type MpesaContext,
  PHONE,
  randomChars,
  randomDigits,
  str,
  wholeAmount,
} from './daraja'

/**
 * C2B (customer to business): registering a short code's confirmation and validation URLs, and the bills
 * paid to it, each confirmed to the registered URL: by a tester on the phone page's Pay bill form
 * (phone.ts), or by Daraja's simulate call.
 */

/** A short code's C2B addresses (Daraja's sandbox lets a registration be replaced). */
export interface C2bRegistration extends Record<string, unknown> {
  shortCode: string
  responseType: 'Completed' | 'Cancelled'
  confirmationUrl: string
  validationUrl: string
  registeredAt: string
}

/** A payment made with the phone page's Pay bill form or the simulate call. */
export interface C2bPayment extends Record<string, unknown> {
  transId: string
  /** As the confirmation names it; absent (Pay Bill) in payments kept before Buy Goods could be simulated. */
  transactionType?: 'Pay Bill' | 'Buy Goods'
  /** 254… */
  phone: string
  businessNumber: string
  /** As typed. */
  accountNumber: string
  /** Whole shillings. */
  amount: number
  paidAt: string
}

export function mountC2b(ctx: MpesaContext): void {
  const { app, store, config, posts } = ctx
  // v1 for older apps, v2 for newer ones (Daraja matches the version to the app's API products).
  app.post('/mpesa/c2b/:version{v[12]}/registerurl', async (c) => {
    const b = c.get('body')
    const shortCode = str(b.ShortCode)
    if (!shortCode || (shortCode !== config.shortCode && shortCode !== config.till))
      return invalid(c, 'ShortCode')
    const responseType = b.ResponseType
    // Sentence case and spelled so, as Daraja insists.
    if (responseType !== 'Completed' && responseType !== 'Cancelled') return invalid(c, 'ResponseType')
    if (!absoluteUrl(b.ConfirmationURL)) return invalid(c, 'ConfirmationURL')
    if (!absoluteUrl(b.ValidationURL)) return invalid(c, 'ValidationURL')
    const registration: C2bRegistration = {
      shortCode,
      responseType,
      confirmationUrl: b.ConfirmationURL as string,
      validationUrl: b.ValidationURL as string,
      registeredAt: clock.now().toISOString(),
    }
    const id = `c2b-urls:${shortCode}`
    if (!(await store.update<C2bRegistration>('mpesa', id, () => registration))) {
      try {
        await store.put('mpesa', 'c2b-urls', id, registration)
      } catch (error) {
        // Another registration for this short code was stored at the same moment: this one replaces it.
        if (!(await store.update<C2bRegistration>('mpesa', id, () => registration))) throw error
      }
    }
    return c.json({
      // Daraja's own spelling.
      OriginatorCoversationID: `${randomDigits(5)}-${randomDigits(8)}-1`,
      ResponseCode: '0',
      ResponseDescription: 'Success',
    })
  })

  // A customer's payment to a registered short code, as Daraja's sandbox simulates one (v2 for newer apps).
  app.post('/mpesa/c2b/:version{v[12]}/simulate', async (c) => {
    const b = c.get('body')
    const shortCode = str(b.ShortCode)
    const registration = shortCode ? await store.get<C2bRegistration>('mpesa', `c2b-urls:${shortCode}`) : null
    // Daraja would take the payment and tell nobody; say why nothing will come instead.
    if (!shortCode || !registration)
      return darajaError(c, 400, '400.002.02', 'Bad Request - Invalid ShortCode: register its C2B URLs first')
    const command = b.CommandID
    if (command !== 'CustomerPayBillOnline' && command !== 'CustomerBuyGoodsOnline')
      return invalid(c, 'CommandID')
    const amount = wholeAmount(b.Amount)
    if (amount === null) return invalid(c, 'Amount')
    const phone = str(b.Msisdn)
    if (!phone || !PHONE.test(phone)) return invalid(c, 'Msisdn')
    // The account number a Paybill customer types (up to 20 characters); a till takes none.
    const account = command === 'CustomerPayBillOnline' ? str(b.BillRefNumber) : ''
    if (account === null || (command === 'CustomerPayBillOnline' && !account.trim()) || account.length > 20)
      return invalid(c, 'BillRefNumber')

    const payment = await recordBill(ctx, {
      transactionType: command === 'CustomerPayBillOnline' ? 'Pay Bill' : 'Buy Goods',
      phone,
      businessNumber: shortCode,
      accountNumber: account,
      amount,
    })
    // The confirmation follows the answer, as on Daraja.
    posts.track(
      new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() =>
        confirmBill(ctx, registration, payment),
      ),
    )
    return c.json({
      OriginatorCoversationID: `${randomDigits(5)}-${randomDigits(8)}-1`,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    })
  })
}

type Bill = Pick<C2bPayment, 'transactionType' | 'phone' | 'businessNumber' | 'accountNumber' | 'amount'>

/**
 * A bill paid to `registration`'s short code, as from the M-Pesa menu's Pay Bill: the payment is kept and
 * its confirmation posted.
 */
export async function payBill(
  ctx: MpesaContext,
  registration: C2bRegistration,
  bill: Bill,
): Promise<C2bPayment> {
  const payment = await recordBill(ctx, bill)
  await confirmBill(ctx, registration, payment)
  return payment
}

/** Keeps a payment as M-Pesa would, under a new receipt. */
async function recordBill({ store }: MpesaContext, bill: Bill): Promise<C2bPayment> {
  const payment: C2bPayment = { transId: `SBX${randomChars(7)}`, ...bill, paidAt: clock.now().toISOString() }
  await store.put('mpesa', 'c2b', `c2b:${payment.transId}`, payment)
  return payment
}

function confirmBill({ post }: MpesaContext, registration: C2bRegistration, payment: C2bPayment) {
  // Without external validation (off unless Safaricom switches it on) M-Pesa only confirms.
  return post(registration.confirmationUrl, c2bConfirmation(payment), 'C2B confirmation')
}

// ---- Daraja's formats ----

function c2bConfirmation(payment: C2bPayment) {
  return {
    TransactionType: payment.transactionType ?? 'Pay Bill',
    TransID: payment.transId,
    TransTime: darajaTimestamp(new Date(payment.paidAt)),
    TransAmount: `${payment.amount}.00`,
    BusinessShortCode: payment.businessNumber,
    BillRefNumber: payment.accountNumber,
    InvoiceNumber: '',
    OrgAccountBalance: '',
    ThirdPartyTransID: '',
    MSISDN: payment.phone,
    FirstName: 'Sandbox',
    MiddleName: '',
    LastName: 'Customer',
  }
}
