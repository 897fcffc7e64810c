/**
 * What an M-Pesa result code means for the buyer, in plain words. The pages that show a failure say
 * "Nothing was charged." themselves, once: these words never repeat it. No zod here: the checkout page imports
 * this in the browser. Codes are those of the STK push callback and query (docs/payments.md).
 */

export interface MpesaResultWords {
  /** What happened, as a heading. */
  title: string
  /** What the buyer can do now. */
  nextStep: string
  /** True when trying the same payment again may work. */
  retry: boolean
}

const OTHER_WAYS = 'pay by card or PayPal'

export const MPESA_RESULTS: Readonly<Record<number, MpesaResultWords>> = {
  0: {
    title: 'Paid with M-Pesa',
    nextStep: 'Your payment went through. M-Pesa will send you a confirmation message.',
    retry: false,
  },
  1: {
    title: 'Not enough money in your M-Pesa account',
    nextStep: 'Top up or use Fuliza, then try again.',
    retry: true,
  },
  2: {
    title: 'The amount is below what M-Pesa accepts',
    nextStep: `M-Pesa takes at least KES 1: ${OTHER_WAYS}.`,
    retry: false,
  },
  3: {
    title: 'The amount is more than M-Pesa allows in one payment',
    nextStep: `Split the order into smaller ones, or ${OTHER_WAYS}.`,
    retry: false,
  },
  4: {
    title: 'You have reached your M-Pesa daily limit',
    nextStep: `Try again tomorrow, or ${OTHER_WAYS}.`,
    retry: false,
  },
  8: {
    title: 'M-Pesa declined the payment: an account limit was reached',
    nextStep: `Try a smaller amount later, or ${OTHER_WAYS}.`,
    retry: false,
  },
  17: {
    title: 'M-Pesa stopped what looked like a repeat payment',
    nextStep:
      'You paid the same amount moments ago. Check your M-Pesa messages; if that payment did not go through, wait two minutes and try again.',
    retry: true,
  },
  1001: {
    title: 'Another M-Pesa payment is open on your phone',
    nextStep: 'Finish or cancel it on your phone, wait a moment, then try again.',
    retry: true,
  },
  1019: {
    title: 'The M-Pesa prompt expired',
    nextStep: 'Try again and answer the prompt as soon as it appears.',
    retry: true,
  },
  1025: {
    title: 'M-Pesa could not send the prompt to your phone',
    nextStep:
      'Try again in a minute. If no prompt appears, dial *234# to update your M-Pesa menu, or pay by Paybill with the order reference.',
    retry: true,
  },
  9999: {
    title: 'M-Pesa could not send the prompt to your phone',
    nextStep:
      'Try again in a minute. If no prompt appears, dial *234# to update your M-Pesa menu, or pay by Paybill with the order reference.',
    retry: true,
  },
  1032: {
    title: 'You cancelled the M-Pesa prompt',
    nextStep: 'Try again when you are ready.',
    retry: true,
  },
  1037: {
    title: 'Your phone did not answer the M-Pesa prompt',
    nextStep:
      'Check the phone is on and has signal, then try again — or pay by Paybill with the order reference.',
    retry: true,
  },
  2001: {
    title: 'The M-Pesa PIN was wrong',
    nextStep: 'Try again and enter your M-Pesa PIN carefully.',
    retry: true,
  },
  8006: {
    title: 'Your M-Pesa PIN is locked',
    nextStep: `Too many wrong PINs were entered. Unlock it through Safaricom (call 100), then try again — or ${OTHER_WAYS}.`,
    retry: false,
  },
}

/** The words for a result code as M-Pesa sends it (a number in callbacks, a string in queries). */
export function mpesaResult(code: number | string): MpesaResultWords {
  const known = MPESA_RESULTS[Number(code)]
  if (known && String(code).trim() !== '') return known
  return {
    title: `M-Pesa could not complete the payment (code ${code})`,
    nextStep: `Check your M-Pesa messages: if no money left your account, try again, or ${OTHER_WAYS}.`,
    retry: true,
  }
}
