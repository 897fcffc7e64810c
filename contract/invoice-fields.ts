import { z } from 'zod'
import { INVOICES_INPUT } from './errors/invoices-input'
import { mobilePhone } from './phone.schema'
import { say } from './say'

/**
 * The parts invoices' subjects share (invoices.contract.ts): ids, amounts, texts and dates, each with
 * what its checks say of it, and the lines, adjustments, taxes and client of a draft.
 */

/** Said in more than one place. */
export const AT_MOST_HUNDRED_PERCENT = /*i18n*/ {
  id: 'invoices.atMostHundredPercent',
  message: 'At most 100 %',
}

/** Said in more than one place. */
export const ABOVE = /*i18n*/ { id: 'invoices.aboveZeroPercent', message: 'Above 0 %' }

/** Said in more than one place. */
export const MOST_TWO_DECIMALS = /*i18n*/ { id: 'invoices.mostTwoDecimals', message: 'At most two decimals' }

/** Said in more than one place. */
export const CHOOSE_PAYMENT = /*i18n*/ { id: 'invoices.choosePayment', message: 'Choose a payment' }

export const invoiceId = z.uuid({
  error: say(INVOICES_INPUT.chooseInvoice),
})
/** What an amount's checks say of it. */
export type AmountWords = { cents: string; negative: string; tooLarge: string }
export const amount = (said: AmountWords) =>
  z.number({ error: said.cents }).int(said.cents).min(0, said.negative).max(1_000_000_000_00, said.tooLarge)
/** What a text's checks say of it. */
export type TextWords = { missing: string; tooLong: string }
export const text = (max: number, said: TextWords) =>
  z.string({ error: said.missing }).trim().max(max, said.tooLong)
export const optionalText = (max: number, said: TextWords) =>
  text(max, said)
    .nullish()
    .transform((v) => v || null)

/** What each amount, text and date of an invoice is told. */
export const UNIT_PRICE: AmountWords = {
  cents: say(INVOICES_INPUT.unitPriceCents),
  negative: say(INVOICES_INPUT.unitPriceNegative),
  tooLarge: say(INVOICES_INPUT.unitPriceTooLarge),
}
export const AMOUNT: AmountWords = {
  cents: say(INVOICES_INPUT.amountCents),
  negative: say(INVOICES_INPUT.amountNegative),
  tooLarge: say(INVOICES_INPUT.amountTooLarge),
}
export const DESCRIPTION_TEXT: TextWords = {
  missing: say(INVOICES_INPUT.descriptionMissing),
  tooLong: say(INVOICES_INPUT.descriptionTooLong),
}
export const TAX_NAME_TEXT: TextWords = {
  missing: say(INVOICES_INPUT.taxNameMissing),
  tooLong: say(INVOICES_INPUT.taxNameTooLong),
}
export const CLIENT_NAME_TEXT: TextWords = {
  missing: say(INVOICES_INPUT.clientNameMissing),
  tooLong: say(INVOICES_INPUT.clientNameTooLong),
}
export const NOTES_TEXT: TextWords = {
  missing: say(INVOICES_INPUT.notesMissing),
  tooLong: say(INVOICES_INPUT.notesTooLong),
}
export const TERMS_TEXT: TextWords = {
  missing: say(INVOICES_INPUT.termsMissing),
  tooLong: say(INVOICES_INPUT.termsTooLong),
}
export const REASON_TEXT: TextWords = {
  missing: say(INVOICES_INPUT.reasonMissing),
  tooLong: say(INVOICES_INPUT.reasonTooLong),
}
export const PAYMENT_NOTE_TEXT: TextWords = {
  missing: say(INVOICES_INPUT.paymentNoteMissing),
  tooLong: say(INVOICES_INPUT.paymentNoteTooLong),
}
export const PROMISE_NOTE_TEXT: TextWords = {
  missing: say(INVOICES_INPUT.promiseNoteMissing),
  tooLong: say(INVOICES_INPUT.promiseNoteTooLong),
}
export const DATE_ISSUE = say(INVOICES_INPUT.issueDate)
export const DATE_DUE = say(INVOICES_INPUT.dueDate)
export const DATE_FIRST = say(INVOICES_INPUT.firstDate)
export const DATE_LAST = say(INVOICES_INPUT.lastDate)
export const DATE_RECEIVED = say(INVOICES_INPUT.receivedDate)

export const invoiceLineInput = z.strictObject({
  description: text(500, DESCRIPTION_TEXT).min(1, say(INVOICES_INPUT.describeLine)),
  /** Thousandths: 1500 is 1.5. */
  quantityMilli: z
    .number({ error: say(INVOICES_INPUT.giveQuantity) })
    .int(say(INVOICES_INPUT.giveQuantityMostThree))
    .min(1, say(INVOICES_INPUT.quantityMustAboveZero))
    .max(1_000_000_000, say(INVOICES_INPUT.quantityTooLarge)),
  unitPrice: amount(UNIT_PRICE),
})

export const adjustmentInput = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('percent'),
      bps: z
        .number({ error: say(INVOICES_INPUT.givePercentage) })
        .int(say(MOST_TWO_DECIMALS))
        .min(1, say(ABOVE))
        .max(10_000, say(AT_MOST_HUNDRED_PERCENT)),
    }),
    z.strictObject({
      kind: z.literal('amount'),
      amount: amount(AMOUNT).min(1, say(INVOICES_INPUT.aboveZero)),
    }),
  ],
  {
    error: say(INVOICES_INPUT.choosePercentageAmount),
  },
)

export const invoiceTaxInput = z.strictObject({
  name: text(40, TAX_NAME_TEXT).min(1, say(INVOICES_INPUT.nameTax)),
  rateBps: z
    .number({ error: say(INVOICES_INPUT.giveRate) })
    .int(say(MOST_TWO_DECIMALS))
    .min(1, say(ABOVE))
    .max(10_000, say(AT_MOST_HUNDRED_PERCENT)),
  /** Already in the prices (extracted), or added on top. */
  inclusive: z.boolean().default(false),
})

export const invoiceClientInput = z.strictObject({
  name: text(120, CLIENT_NAME_TEXT).min(1, say(INVOICES_INPUT.writeClientsName)),
  email: z
    .email({ error: say(INVOICES_INPUT.giveEMailAddress) })
    .max(254)
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null),
  phone: mobilePhone
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null),
})

export const date = (error: string) => z.iso.date({ error })
