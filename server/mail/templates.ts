import { DEFAULT_LANG, type Lang } from '../../contract/i18n'
import { escapeHtml } from '../lib/html'
import { translate } from '../lib/i18n'
import type { MailMessage } from './mailer'

/** Plain, readable mails: one idea, one link, the same words in text and HTML. */
/** A mail's greeting. */
const HI = /*i18n*/ { id: 'mail.hi', message: 'Hi {name},' }

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
): MailMessage {
  const as = role === 'admin' ? 'help run Soko as an admin' : 'join Soko'
  return compose(
    to,
    `${inviter} invited you to Soko`,
    [`Hi,`, `${inviter} invited you to ${as}. The invitation works for 7 days.`],
    { label: 'Accept the invitation', url },
  )
}

export function verificationReviewedMail(
  to: string,
  name: string,
  approved: boolean,
  reason: string | null,
  url: string,
): MailMessage {
  return approved
    ? compose(
        to,
        'Your identity is verified on Soko',
        [`Hi ${name},`, 'We checked your identity details: you are verified, and payouts are open to you.'],
        { label: 'See your account', url },
      )
    : compose(
        to,
        'We could not verify your identity on Soko yet',
        [
          `Hi ${name},`,
          'We checked your identity details and could not verify them.',
          `What to fix: ${reason ?? 'see your account'}`,
          'Correct the details and send them again; we will check them once more.',
        ],
        { label: 'Correct my details', url },
      )
}

export function contactMessageMail(
  to: string,
  from: { name: string; email: string },
  topicLabel: string,
  message: string,
  adminUrl: string,
): MailMessage {
  return {
    ...compose(
      to,
      `Contact: ${topicLabel} — from ${from.name}`,
      [
        `${from.name} <${from.email}> wrote about "${topicLabel}":`,
        message,
        'Reply to this e-mail to answer them.',
      ],
      { label: 'See all messages', url: adminUrl },
    ),
    replyTo: `${from.name} <${from.email}>`,
  }
}
