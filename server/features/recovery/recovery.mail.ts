import { formatMoney } from '../../../contract/format-money'
import { intlLocale } from '../../../contract/i18n'
import { translate } from '../../lib/i18n'
import type { MailMessage } from '../../mail/mailer'
import { compose } from '../../mail/templates'
import type { OrderRow } from '../checkout'

/**
 * The e-mail reminding a buyer of a checkout they left unpaid: what it was, the link back to it (with its
 * code), and a one-tap way to stop such reminders, also as the `List-Unsubscribe` header mail apps offer.
 */
export function reminderMail(
  order: OrderRow,
  step: number,
  links: { link: string; stop: string },
): MailMessage {
  const lang = order.language
  const t = (message: { id: string; message: string }, params?: Record<string, string>) =>
    translate(lang, message, params)
  const amount = formatMoney(order.total, order.currency, intlLocale(lang, undefined, 'en-KE'))
  const message = compose(
    order.buyerEmail,
    step === 1
      ? t(
          /*i18n*/ { id: 'mail.recovery.subject', message: 'Your payment for {title} did not go through' },
          {
            title: order.item.title,
          },
        )
      : t(
          /*i18n*/ { id: 'mail.recovery.subject-again', message: 'Still want {title}?' },
          {
            title: order.item.title,
          },
        ),
    [
      t(
        /*i18n*/ {
          id: 'mail.recovery.left',
          message: 'You started buying {title} for {amount} on Soko, but the payment did not go through.',
        },
        { title: order.item.title, amount },
      ),
      order.discountCode
        ? t(
            /*i18n*/ {
              id: 'mail.recovery.code',
              message: 'The link below takes you back to it with your code {code} applied.',
            },
            { code: order.discountCode },
          )
        : t(/*i18n*/ { id: 'mail.recovery.back', message: 'The link below takes you back to it.' }),
      t(
        /*i18n*/ {
          id: 'mail.recovery.stop',
          message: 'Don’t want reminders like this? Stop them: {url}',
        },
        { url: links.stop },
      ),
    ],
    { label: t(/*i18n*/ { id: 'mail.recovery.action', message: 'Finish your purchase' }), url: links.link },
    lang,
  )
  return {
    ...message,
    headers: { 'List-Unsubscribe': `<${links.stop}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  }
}
