import { z } from 'zod'
import { defineSubject } from './rpc'
import { say } from './say'

/** Text messages: what a person who got one can do with its link. */
export const smsContract = {
  stopSms: defineSubject({
    kind: 'mutation',
    access: 'public',
    summary:
      'Stops one kind of SMS (receipts by default) to the number a text message was sent to, from the link ' +
      'in that message: no account needed. Codes are always sent.',
    input: z.strictObject({
      token: z
        .string()
        .regex(/^[\w-]{16,64}$/, say(/*i18n*/ { id: 'sms.linkInvalid', message: 'This link is not valid' })),
      kind: z
        .enum(['receipt', 'payout', 'reminder'], {
          error: say(
            /*i18n*/ { id: 'sms.chooseReceiptPayoutReminder', message: 'Choose receipt, payout or reminder' },
          ),
        })
        .default('receipt'),
    }),
    output: z.object({ phone: z.string() }),
  }),
}
