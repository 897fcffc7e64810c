import { formatMoney } from '../../../contract/format-money'
import { intlLocale, type Lang, type Message, type MessageParams } from '../../../contract/i18n'
import type { memberships } from '../../db/schema'
import { translate } from '../../lib/i18n'
import { compose } from '../../mail/templates'
import type { MembershipServices } from './deps'

type MembershipRow = typeof memberships.$inferSelect

/**
 * What a member is told about their renewals: a free trial about to end (what will be taken, and how not to),
 * a renewal that failed (each time, with a way to pay now and until when access lasts), and a membership
 * that ended. The receipt of a renewal paid is the order's own.
 */
export function membershipMails(deps: MembershipServices) {
  const { mailer, log, config } = deps
  const page = `${config.publicUrl}/account/memberships`
  const send = async (message: Parameters<typeof mailer.send>[0]) => {
    try {
      await mailer.send(message)
    } catch (error) {
      // The membership stands without its mail: the member sees where it is on their Memberships page.
      log.error('membership mail not sent', { subject: message.subject, error })
    }
  }
  const money = (lang: Lang, amount: number, currency: string) =>
    formatMoney(amount, currency, lang === 'en' ? 'en' : intlLocale(lang, undefined, 'en-KE'))
  const day = (lang: Lang, at: Date) =>
    at.toLocaleDateString(lang === 'en' ? 'en-GB' : intlLocale(lang, undefined, 'en-KE'), {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Africa/Nairobi',
    })
  const words = (lang: Lang) => (message: Message, params?: MessageParams) => translate(lang, message, params)

  return {
    async renewalFailed(
      row: MembershipRow,
      info: { title: string; lang: Lang; reason: string; retryAt: Date | null; graceEndsAt: Date },
    ) {
      const t = words(info.lang)
      const params = { title: info.title, amount: money(info.lang, row.amount, row.currency) }
      await send(
        compose(
          row.email,
          t(
            /*i18n*/ {
              id: 'mail.membership.failed.subject',
              message: 'Your {title} payment did not go through',
            },
            params,
          ),
          [
            t(
              /*i18n*/ {
                id: 'mail.membership.failed.body',
                message: 'We could not take {amount} for your {title} membership: {reason}',
              },
              { ...params, reason: info.reason },
            ),
            info.retryAt
              ? t(
                  /*i18n*/ {
                    id: 'mail.membership.failed.retry',
                    message:
                      'We will try again on {retry}. Your access stays open until {until}; pay now to keep it without a break.',
                  },
                  { retry: day(info.lang, info.retryAt), until: day(info.lang, info.graceEndsAt) },
                )
              : t(
                  /*i18n*/ {
                    id: 'mail.membership.failed.last',
                    message: 'This was the last try: pay now, or the membership ends.',
                  },
                ),
          ],
          { label: t(/*i18n*/ { id: 'mail.membership.payNow', message: 'Pay now' }), url: page },
          info.lang,
        ),
      )
    },
    async trialEnding(row: MembershipRow, info: { title: string; lang: Lang; endsAt: Date }) {
      const t = words(info.lang)
      const params = {
        title: info.title,
        amount: money(info.lang, row.amount, row.currency),
        day: day(info.lang, info.endsAt),
        card: row.payment.card ?? '',
      }
      await send(
        compose(
          row.email,
          t(
            /*i18n*/ {
              id: 'mail.membership.trial.subject',
              message: 'Your free trial of {title} ends on {day}',
            },
            params,
          ),
          [
            row.payment.card
              ? t(
                  /*i18n*/ {
                    id: 'mail.membership.trial.card',
                    message:
                      'Your free trial of {title} ends on {day}. Then {amount} will be taken from your {card}, and again each period.',
                  },
                  params,
                )
              : t(
                  /*i18n*/ {
                    id: 'mail.membership.trial.body',
                    message:
                      'Your free trial of {title} ends on {day}. Then {amount} will be taken, and again each period.',
                  },
                  params,
                ),
            t(
              /*i18n*/ {
                id: 'mail.membership.trial.cancel',
                message: 'Not for you? Cancel before then on your Memberships page and nothing is taken.',
              },
            ),
          ],
          {
            label: t(/*i18n*/ { id: 'mail.membership.trial.manage', message: 'Your memberships' }),
            url: page,
          },
          info.lang,
        ),
      )
    },
    async ended(row: MembershipRow, info: { title: string; lang: Lang; unpaid: boolean }) {
      const t = words(info.lang)
      await send(
        compose(
          row.email,
          t(
            /*i18n*/ { id: 'mail.membership.ended.subject', message: 'Your {title} membership has ended' },
            { title: info.title },
          ),
          [
            info.unpaid
              ? t(
                  /*i18n*/ {
                    id: 'mail.membership.ended.unpaid',
                    message:
                      'Your {title} membership has ended: its renewal could not be paid in 14 days. Nothing more will be charged.',
                  },
                  { title: info.title },
                )
              : t(
                  /*i18n*/ {
                    id: 'mail.membership.ended.cancelled',
                    message:
                      'Your {title} membership has ended, as you asked: the period you paid for is over. Nothing more will be charged.',
                  },
                  { title: info.title },
                ),
            t(
              /*i18n*/ {
                id: 'mail.membership.ended.again',
                message: 'You can join again at any time from its page.',
              },
            ),
          ],
          undefined,
          info.lang,
        ),
      )
    },
  }
}

/** A new post's mail to one member: its title and first words, and the link to read it. */
export function postMail(
  deps: Pick<MembershipServices, 'config'>,
  to: { email: string; membershipId: string; lang: Lang },
  post: { title: string; excerpt: string; membership: string; images: number; files: number },
) {
  const t = (message: Message, params?: MessageParams) => translate(to.lang, message, params)
  const media = post.images + post.files
  return compose(
    to.email,
    t(/*i18n*/ { id: 'mail.membership.post.subject', message: '{membership}: {title}' }, post),
    [
      t(
        /*i18n*/ { id: 'mail.membership.post.body', message: 'A new post for members of {membership}:' },
        post,
      ),
      post.title,
      ...(post.excerpt ? [post.excerpt] : []),
      // What a mail cannot carry: the post's pictures and files are in Soko.
      ...(media > 0
        ? [
            t(
              /*i18n*/ {
                id: 'mail.membership.post.media',
                message:
                  'With it: {images, plural, =0 {} one {# picture} other {# pictures}}{both, select, yes { and } other {}}{files, plural, =0 {} one {# file to download} other {# files to download}}.',
              },
              {
                images: post.images,
                files: post.files,
                both: post.images > 0 && post.files > 0 ? 'yes' : 'no',
              },
            ),
          ]
        : []),
    ],
    {
      label: t(/*i18n*/ { id: 'mail.membership.post.read', message: 'Read it' }),
      url: `${deps.config.publicUrl}/account/memberships?posts=${to.membershipId}`,
    },
    to.lang,
  )
}
