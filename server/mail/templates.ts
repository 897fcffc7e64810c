import { DEFAULT_LANG, type Lang, type Message, type MessageParams } from '../../contract/i18n'
import { escapeHtml } from '../lib/html'
import { translate } from '../lib/i18n'
import type { MailMessage } from './mailer'

/** Plain, readable mails: one idea, one link, the same words in text and HTML. */
/** A mail's greeting. */
export const HI = /*i18n*/ { id: 'mail.hi', message: 'Hi {name},' }

export function compose(
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  lang: Lang = DEFAULT_LANG,
): MailMessage {
  const orOpen = translate(lang, /*i18n*/ { id: 'mail.or-open', message: 'Or open this address:' })
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '— Soko'].join('\n\n')
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1c1917;max-width:36rem">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    action
      ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;background:#0f766e;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="color:#57534e;font-size:14px">${escapeHtml(orOpen)} ${escapeHtml(action.url)}</p>`
      : '',
    '<p>— Soko</p></body></html>',
  ].join('\n')
  return { to, subject, text, html }
}

export function verifyEmailMail(
  to: string,
  name: string,
  url: string,
  lang: Lang = DEFAULT_LANG,
): MailMessage {
  return compose(
    to,
    translate(lang, /*i18n*/ { id: 'mail.verify.subject', message: 'Confirm your e-mail address for Soko' }),
    [
      translate(lang, HI, { name }),
      translate(
        lang,
        /*i18n*/ {
          id: 'mail.verify.body',
          message:
            'Confirm that this is your e-mail address so you can get receipts and recover your account. The link works for 24 hours.',
        },
      ),
    ],
    { label: translate(lang, /*i18n*/ { id: 'mail.verify.action', message: 'Confirm my e-mail' }), url },
    lang,
  )
}

export function passwordResetMail(
  to: string,
  name: string,
  url: string,
  lang: Lang = DEFAULT_LANG,
): MailMessage {
  return compose(
    to,
    translate(lang, /*i18n*/ { id: 'mail.reset.subject', message: 'Reset your Soko password' }),
    [
      translate(lang, HI, { name }),
      translate(
        lang,
        /*i18n*/ {
          id: 'mail.reset.body',
          message:
            'Someone asked to reset the password of your Soko account. If it was you, choose a new password with the link below; it works for one hour and only once.',
        },
      ),
      translate(
        lang,
        /*i18n*/ {
          id: 'mail.reset.not-you',
          message: 'If it was not you, ignore this e-mail: your password stays as it is.',
        },
      ),
    ],
    { label: translate(lang, /*i18n*/ { id: 'mail.reset.action', message: 'Choose a new password' }), url },
    lang,
  )
}

export function accountExistsMail(
  to: string,
  name: string,
  signInUrl: string,
  resetUrl: string,
  lang: Lang = DEFAULT_LANG,
): MailMessage {
  return compose(
    to,
    translate(lang, /*i18n*/ { id: 'mail.exists.subject', message: 'You already have a Soko account' }),
    [
      translate(lang, HI, { name }),
      translate(
        lang,
        /*i18n*/ {
          id: 'mail.exists.body',
          message:
            'Someone tried to create a Soko account with this e-mail address, which already has one. If it was you, sign in instead.',
        },
      ),
      translate(
        lang,
        /*i18n*/ { id: 'mail.exists.reset', message: 'Forgot your password? Reset it here: {url}' },
        { url: resetUrl },
      ),
      translate(
        lang,
        /*i18n*/ {
          id: 'mail.exists.not-you',
          message: 'If it was not you, ignore this e-mail: nothing has changed.',
        },
      ),
    ],
    { label: translate(lang, /*i18n*/ { id: 'mail.exists.action', message: 'Sign in' }), url: signInUrl },
    lang,
  )
}

export function inviteMail(
  to: string,
  inviter: string,
  role: 'customer' | 'admin',
  url: string,
  lang: Lang = DEFAULT_LANG,
): MailMessage {
  const t = (message: Message, params?: MessageParams) => translate(lang, message, params)
  const invited =
    role === 'admin'
      ? t(
          /*i18n*/ {
            id: 'mail.invite.body.admin',
            message: '{inviter} invited you to help run Soko as an admin. The invitation works for 7 days.',
          },
          { inviter },
        )
      : t(
          /*i18n*/ {
            id: 'mail.invite.body',
            message: '{inviter} invited you to join Soko. The invitation works for 7 days.',
          },
          { inviter },
        )
  return compose(
    to,
    t(/*i18n*/ { id: 'mail.invite.subject', message: '{inviter} invited you to Soko' }, { inviter }),
    [t(/*i18n*/ { id: 'mail.invite.hi', message: 'Hi,' }), invited],
    { label: t(/*i18n*/ { id: 'mail.invite.action', message: 'Accept the invitation' }), url },
    lang,
  )
}

export function verificationReviewedMail(
  to: string,
  name: string,
  approved: boolean,
  reason: string | null,
  url: string,
  lang: Lang = DEFAULT_LANG,
): MailMessage {
  const t = (message: Message, params?: MessageParams) => translate(lang, message, params)
  return approved
    ? compose(
        to,
        t(
          /*i18n*/ { id: 'mail.verification.approved.subject', message: 'Your identity is verified on Soko' },
        ),
        [
          t(HI, { name }),
          t(
            /*i18n*/ {
              id: 'mail.verification.approved.body',
              message: 'We checked your identity details: you are verified, and payouts are open to you.',
            },
          ),
        ],
        { label: t(/*i18n*/ { id: 'mail.verification.approved.action', message: 'See your account' }), url },
        lang,
      )
    : compose(
        to,
        t(
          /*i18n*/ {
            id: 'mail.verification.rejected.subject',
            message: 'We could not verify your identity on Soko yet',
          },
        ),
        [
          t(HI, { name }),
          t(
            /*i18n*/ {
              id: 'mail.verification.rejected.body',
              message: 'We checked your identity details and could not verify them.',
            },
          ),
          t(
            /*i18n*/ { id: 'mail.verification.rejected.fix', message: 'What to fix: {reason}' },
            {
              reason:
                reason ??
                t(/*i18n*/ { id: 'mail.verification.rejected.see-account', message: 'see your account' }),
            },
          ),
          t(
            /*i18n*/ {
              id: 'mail.verification.rejected.again',
              message: 'Correct the details and send them again; we will check them once more.',
            },
          ),
        ],
        {
          label: t(/*i18n*/ { id: 'mail.verification.rejected.action', message: 'Correct my details' }),
          url,
        },
        lang,
      )
}

/** What a contact message is about, as an admin reads it in the mail. */
function contactTopicLabel(lang: Lang, topic: string): string {
  const labels: Record<string, Message> = {
    selling: /*i18n*/ { id: 'mail.contact.topic.selling', message: 'Selling on Soko' },
    payments: /*i18n*/ { id: 'mail.contact.topic.payments', message: 'Payments and payouts' },
    purchase: /*i18n*/ { id: 'mail.contact.topic.purchase', message: 'Something I bought' },
    account: /*i18n*/ { id: 'mail.contact.topic.account', message: 'My account' },
    other: /*i18n*/ { id: 'mail.contact.topic.other', message: 'Something else' },
  }
  const label = labels[topic]
  return label ? translate(lang, label) : topic
}

export function contactMessageMail(
  to: string,
  from: { name: string; email: string },
  topic: string,
  message: string,
  adminUrl: string,
  lang: Lang = DEFAULT_LANG,
): MailMessage {
  const t = (m: Message, params?: MessageParams) => translate(lang, m, params)
  const params = {
    topic: contactTopicLabel(lang, topic),
    name: from.name,
    from: `${from.name} <${from.email}>`,
  }
  return {
    ...compose(
      to,
      t(/*i18n*/ { id: 'mail.contact.subject', message: 'Contact: {topic} — from {name}' }, params),
      [
        t(/*i18n*/ { id: 'mail.contact.wrote', message: '{from} wrote about "{topic}":' }, params),
        message,
        t(/*i18n*/ { id: 'mail.contact.reply', message: 'Reply to this e-mail to answer them.' }),
      ],
      { label: t(/*i18n*/ { id: 'mail.contact.action', message: 'See all messages' }), url: adminUrl },
      lang,
    ),
    replyTo: `${from.name} <${from.email}>`,
  }
}
