import { clock } from '../../../lib/clock'
import { darajaTimestamp } from '../../mpesa.wire'
import { absoluteUrl, invalid, type MpesaContext, randomChars, randomDigits, str } from './daraja'

/**
 * C2B (customer to business): registering a short code's confirmation and validation URLs, and the bills
 * a tester pays from the phone page's Pay bill form (phone.ts), each confirmed to the registered URL.
 */

/** A short code's C2B addresses (Daraja's sandbox lets a registration be replaced). */
export interface C2bRegistration extends Record<string, unknown> {
  shortCode: string
  responseType: 'Completed' | 'Cancelled'
  confirmationUrl: string
  validationUrl: string
  registeredAt: string
}

/** A payment made with the phone page's Pay bill form. */
export interface C2bPayment extends Record<string, unknown> {
  transId: string
  /** 254… */
  phone: string
  businessNumber: string
  /** As typed. */
  accountNumber: string
  /** Whole shillings. */
  amount: number
  paidAt: string
}

export function mountC2b({ app, store, config }: MpesaContext): void {
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
}

/**
 * A bill paid to `registration`'s short code, as from the M-Pesa menu's Pay Bill: the payment is kept and
 * its confirmation posted.
 */
export async function payBill(
  { store, post }: MpesaContext,
  registration: C2bRegistration,
  bill: Pick<C2bPayment, 'phone' | 'businessNumber' | 'accountNumber' | 'amount'>,
): Promise<C2bPayment> {
  const payment: C2bPayment = {
    transId: `SBX${randomChars(7)}`,
    phone: bill.phone,
    businessNumber: bill.businessNumber,
    accountNumber: bill.accountNumber,
    amount: bill.amount,
    paidAt: clock.now().toISOString(),
  }
  await store.put('mpesa', 'c2b', `c2b:${payment.transId}`, payment)
  // Without external validation (off unless Safaricom switches it on) M-Pesa only confirms.
  await post(registration.confirmationUrl, c2bConfirmation(payment), 'C2B confirmation')
  return payment
}

// ---- Daraja's formats ----

function c2bConfirmation(payment: C2bPayment) {
  return {
    TransactionType: 'Pay Bill',
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
