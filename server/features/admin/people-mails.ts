import type { Message, MessageParams } from '../../../contract/i18n'
import type { UserRow } from '../../lib/caller'
import { translate } from '../../lib/i18n'
import type { MailMessage } from '../../mail/mailer'
import { compose, HI } from '../../mail/templates'
import { userLanguage } from '../settings'

/** What a person is told when an admin suspends or reinstates their account, in their account's language. */

export function suspendedMail(user: UserRow, reason: string, contactUrl: string): MailMessage {
  const lang = userLanguage(user)
  const t = (message: Message, params?: MessageParams) => translate(lang, message, params)
  return compose(
    user.email,
    t(/*i18n*/ { id: 'mail.suspended.subject', message: 'Your Soko account is suspended' }),
    [
      t(HI, { name: user.name }),
      t(
        /*i18n*/ { id: 'mail.suspended.reason', message: 'A Soko admin suspended your account: {reason}' },
        { reason },
      ),
      t(
        /*i18n*/ {
          id: 'mail.suspended.body',
          message:
            'While it is suspended you cannot sign in, your products are not shown and your payouts wait. If you think this is a mistake, reply through the contact page.',
        },
      ),
    ],
    { label: t(/*i18n*/ { id: 'mail.suspended.action', message: 'Contact Soko' }), url: contactUrl },
    lang,
  )
}

export function reinstatedMail(user: UserRow, signInUrl: string): MailMessage {
  const lang = userLanguage(user)
  const t = (message: Message, params?: MessageParams) => translate(lang, message, params)
  return compose(
    user.email,
    t(/*i18n*/ { id: 'mail.reinstated.subject', message: 'Your Soko account is active again' }),
    [
      t(HI, { name: user.name }),
      t(
        /*i18n*/ {
          id: 'mail.reinstated.body',
          message:
            'A Soko admin lifted the suspension of your account: you can sign in again, your storefront is back and your payouts resume.',
        },
      ),
    ],
    { label: t(/*i18n*/ { id: 'mail.reinstated.action', message: 'Sign in' }), url: signInUrl },
    lang,
  )
}
