/** What the M-Pesa adapter takes and answers, in Soko's terms: amounts in KES minor units (cents). */

import type { Fetch } from './payments'
import type { PaymentsConfig } from './payments.config'

/** The configured M-Pesa settings (env.ts), with the base URL resolved (Daraja's or the sandbox's). */
export type MpesaAdapterOptions = Omit<PaymentsConfig['mpesa'], 'live' | 'baseUrl'> & {
  baseUrl: string
  fetch?: Fetch
  now?: () => Date
}

export interface StkPushRequest {
  /** 2547XXXXXXXX or 2541XXXXXXXX (contract/phone.ts normalizeKenyanMobile). */
  phone: string
  /** KES minor units: whole shillings (a multiple of 100), at least 100. */
  amount: number
  /** Shown on the buyer's phone; at most 12 characters. */
  accountReference: string
  /** Cut to Daraja's 13 characters. */
  description: string
  callbackUrl: string
}

export interface StkPushAnswer {
  merchantRequestId: string
  checkoutRequestId: string
  customerMessage: string
}

export type StkQueryAnswer = { state: 'pending' } | { state: 'done'; resultCode: number; resultDesc: string }

export interface StkCallback {
  merchantRequestId: string
  checkoutRequestId: string
  resultCode: number
  resultDesc: string
  /** The M-Pesa receipt (transaction) number, on success. */
  receipt: string | null
  /** KES minor units. */
  amount: number | null
  /** As M-Pesa sent it (254…). */
  phone: string | null
  /** ISO 8601 with Kenya's offset (2019-12-19T10:21:15+03:00). */
  transactionDate: string | null
}

export interface C2bRegisterRequest {
  /** Where M-Pesa posts each completed Paybill or Buy Goods payment. */
  confirmationUrl: string
  /** Called first only when Safaricom has switched external validation on for the short code. */
  validationUrl: string
  /** What M-Pesa does when the ValidationURL cannot be reached; Completed unless said. */
  responseType?: 'Completed' | 'Cancelled'
}

/** A payment a buyer made from the M-Pesa menu (Pay Bill or Buy Goods), as posted to the ConfirmationURL. */
export interface C2bConfirmation {
  /** The M-Pesa receipt (transaction) number. */
  transactionId: string
  /** As M-Pesa names it: "Pay Bill", "Buy Goods". */
  transactionType: string
  /** KES minor units. */
  amount: number
  /** The account number the buyer typed, trimmed and uppercased; empty for Buy Goods. */
  billRef: string
  shortCode: string
  /** 254…, or null when M-Pesa sent the number masked or hashed (as it now often does). */
  phone: string | null
  /** ISO 8601 with Kenya's offset. */
  paidAt: string | null
  firstName: string | null
}

export interface B2cRequest {
  /** Ours and unique per payout: M-Pesa answers a repeat with the original instead of paying twice. */
  originatorConversationId: string
  phone: string
  /** KES minor units, whole shillings. */
  amount: number
  /** 2 to 100 characters. */
  remarks: string
  occasion: string
  resultUrl: string
  timeoutUrl: string
  commandId?: 'BusinessPayment' | 'SalaryPayment' | 'PromotionPayment'
}

export interface B2cAnswer {
  conversationId: string
  originatorConversationId: string
}

export interface B2cResult {
  originatorConversationId: string
  conversationId: string
  transactionId: string
  resultCode: number
  resultDesc: string
  /** KES minor units. */
  amount: number | null
  receipt: string | null
  /** "2547… - Name", as M-Pesa shows the receiver. */
  receiver: string | null
  /** ISO 8601 with Kenya's offset. */
  completedAt: string | null
}

/**
 * Asks M-Pesa where a B2C payment stands (the reconciliation path when its result never came). Name it by
 * our OriginatorConversationID, by its receipt (TransactionID) when known, or both.
 */
export interface TransactionStatusRequest {
  originatorConversationId?: string
  /** The M-Pesa receipt of the payment, when known. */
  transactionId?: string
  resultUrl: string
  timeoutUrl: string
  /** 2 to 100 characters. */
  remarks: string
  occasion: string
}

/** The query accepted: its answer arrives at resultUrl. These ids are the query's own, not the payment's. */
export interface TransactionStatusAnswer {
  conversationId: string
  originatorConversationId: string
}

/** What M-Pesa posted to a Transaction Status query's ResultURL. */
export interface TransactionStatusResult {
  /** "0" when M-Pesa found the transaction; otherwise its code as sent (a number, or a word code). */
  resultCode: string
  resultDesc: string
  /** The payment asked about, from the answer's parameters (null where M-Pesa did not say). */
  payment: {
    /** "Completed", or another state M-Pesa names. */
    status: string | null
    receipt: string | null
    /** KES minor units. */
    amount: number | null
    originatorConversationId: string | null
    conversationId: string | null
    /** "2547… - Name", as M-Pesa shows the receiver. */
    receiver: string | null
    /** ISO 8601 with Kenya's offset. */
    finalisedAt: string | null
  }
}
