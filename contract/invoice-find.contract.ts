import { z } from 'zod'
import { normalizePhone } from './phone-number'
import { defineSubject } from './rpc'
import { say } from './say'

/** Said in more than one place. */
const GIVE_INVOICE_NUMBER = /*i18n*/ {
  id: 'invoiceFind.giveInvoiceNumber',
  message: 'Give the invoice number',
}

/** Said in more than one place. */
const GIVE_E_MAIL_ADDRESS = /*i18n*/ {
  id: 'invoiceFind.giveEMailAddress',
  message: 'Give the e-mail address or phone number the invoice was sent to',
}

/**
 * Finding an invoice without its link: its number (INV-0001, or its reference IV…) and the e-mail address
 * or phone number it was sent to, read as one or the other.
 */
export const findPayInvoiceInput = z.strictObject({
  number: z
    .string({ error: say(GIVE_INVOICE_NUMBER) })
    .trim()
    .min(1, say(GIVE_INVOICE_NUMBER))
    .max(
      40,
      say(
        /*i18n*/ {
          id: 'invoiceFind.invoiceNumberMostCharacters',
          message: 'An invoice number is at most 40 characters',
        },
      ),
    )
    .regex(
      /^[\p{L}\p{N}][\p{L}\p{N} ._/#-]*$/u,
      say(
        /*i18n*/ {
          id: 'invoiceFind.giveNumberAsInvoice',
          message: 'Give the number as the invoice shows it, such as INV-0001',
        },
      ),
    ),
  contact: z
    .string({ error: say(GIVE_E_MAIL_ADDRESS) })
    .trim()
    .min(1, say(GIVE_E_MAIL_ADDRESS))
    .max(254, say(/*i18n*/ { id: 'invoiceFind.mostCharacters', message: 'At most 254 characters' }))
    .transform((value, ctx): { email: string } | { phone: string } => {
      if (value.includes('@')) {
        if (z.email().safeParse(value).success) return { email: value.toLowerCase() }
        ctx.addIssue({
          code: 'custom',
          message: say(
            /*i18n*/ {
              id: 'invoiceFind.emailLikeExample',
              message: 'Give an e-mail address such as name@example.com',
            },
          ),
        })
        return z.NEVER
      }
      const phone = /^[+\d\s().-]+$/.test(value) ? normalizePhone(value) : null
      if (phone) return { phone }
      ctx.addIssue({
        code: 'custom',
        message: say(
          /*i18n*/ {
            id: 'invoiceFind.emailOrPhone',
            message: 'Give an e-mail address, or a phone number such as 0712 345 678',
          },
        ),
      })
      return z.NEVER
    }),
})

/** `/p` opened without a link: the one public way to an invoice besides its key. */
export const invoiceFindContract = {
  findPayInvoice: defineSubject({
    kind: 'mutation',
    access: 'public',
    summary:
      'Finds a sent invoice by its number and the e-mail or phone it was sent to, and answers its pay link; ' +
      'null when the two do not match one (the same answer whichever is wrong). Rate limited.',
    input: findPayInvoiceInput,
    output: z.object({ link: z.string().nullable() }),
  }),
}
