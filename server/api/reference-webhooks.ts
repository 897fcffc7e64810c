import type { Lang, Message, MessageParams } from '../../contract/i18n'
import { NODE_VERIFY, PHP_VERIFY } from '../../contract/webhook-verify'
import {
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_EVENTS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
} from '../../contract/webhooks.constants'
import { escapeHtml } from '../lib/html'
import { translate } from '../lib/i18n'

/**
 * The reference's webhooks section: the events, the body, the signature and its check in Node and PHP.
 */

export const WEBHOOKS_TITLE = /*i18n*/ { id: 'api.ref.webhooksTitle', message: 'Webhooks' }

const WORDS = {
  intro: /*i18n*/ {
    id: 'api.ref.webhooksIntro',
    message:
      'Add an endpoint under Developers and choose its events: Soko posts each one to it as JSON as it happens. Answer with any 2xx status within 10 seconds. Anything else, a timeout or a connection error is tried again, waiting longer each time, for three days; an endpoint failing for three days is turned off and you are told by e-mail.',
  },
  events: /*i18n*/ { id: 'api.ref.webhooksEvents', message: 'The events:' },
  body: /*i18n*/ {
    id: 'api.ref.webhooksBody',
    message:
      'Each body names the event (id, type, createdAt) and carries the object as it was then, with its version: a later state of the same object has a larger version, so keep the largest you have seen. The same event can arrive twice: keep the ids you have handled (also in the {header} header) and skip repeats.',
  },
  verifyTitle: /*i18n*/ { id: 'api.ref.webhooksVerifyTitle', message: 'Checking the signature' },
  verify: /*i18n*/ {
    id: 'api.ref.webhooksVerify',
    message:
      'The {header} header holds t, the time it was signed in Unix seconds, and v1, the HMAC-SHA256 of t, a dot and the raw body, keyed with the endpoint’s secret. Compute it from the body exactly as received, compare in constant time, and refuse a t more than {seconds} seconds away from now.',
  },
}

export function webhooksSection(lang: Lang): string {
  const say = (message: Message, params?: MessageParams) => escapeHtml(translate(lang, message, params))
  const block = (text: string) => `<pre class="api-example"><code>${escapeHtml(text)}</code></pre>`
  const sample = {
    id: '01931f4e-…',
    type: 'order.paid',
    createdAt: '2026-11-29T09:30:00.000Z',
    test: false,
    data: {
      version: 1042,
      object: {
        object: 'order',
        id: '01931f4d-…',
        status: 'paid',
        total: { amount: 150000, currency: 'KES' },
      },
    },
  }
  return [
    '<section class="api-area" id="webhooks">',
    `<h2>${say(WEBHOOKS_TITLE)}</h2>`,
    `<p>${say(WORDS.intro)}</p>`,
    `<p>${say(WORDS.events)}</p>`,
    `<ul class="api-contents">${WEBHOOK_EVENTS.map((e) => `<li><code>${e}</code></li>`).join('')}</ul>`,
    `<p>${say(WORDS.body, { header: WEBHOOK_EVENT_ID_HEADER })}</p>`,
    block(JSON.stringify(sample, null, 2)),
    `<h3>${say(WORDS.verifyTitle)}</h3>`,
    `<p>${say(WORDS.verify, { header: WEBHOOK_SIGNATURE_HEADER, seconds: WEBHOOK_TOLERANCE_SECONDS })}</p>`,
    '<h4>Node.js</h4>',
    block(NODE_VERIFY),
    '<h4>PHP</h4>',
    block(PHP_VERIFY),
    '</section>',
  ].join('')
}
