import type { Lang, Message, MessageParams } from '../../../../contract/i18n'
import { escapeHtml } from '../../../lib/html'
import { translate } from '../../../lib/i18n'
import { SMS_LIST_CSS } from '../../../sms/africastalking.sandbox'
import { type SandboxPage, sandboxPage } from '../pages'
import type { C2bPayment } from './c2b'
import { localNumber } from './daraja'
import { OUTCOMES, type Prompt } from './stk'

/**
 * The M-Pesa sandbox phone page: the prompts waiting on a number with the buttons that answer them, the
 * SMS it received, and the Pay bill form.
 */

/** What the tester typed into the Pay bill form, shown again when it is refused (never the PIN). */
export interface PaybillFields {
  business: string
  account: string
  amount: string
}

/** The sandbox phone's M-PESA PIN; printed on the phone page. */
export const PIN = '1234'
const MERCHANT = 'SOKO'

/** What the phone page says, in the buyer's language (docs/swahili.md). */
export const PHONE_WORDS = {
  title: /*i18n*/ { id: 'sandbox.mpesa.title', message: 'M-Pesa sandbox phone' },
  paid: /*i18n*/ { id: 'sandbox.mpesa.paid', message: 'Paid: receipt {receipt}' },
  paidNoCallback: /*i18n*/ {
    id: 'sandbox.mpesa.paidNoCallback',
    message: 'Paid: receipt {receipt} (the callback was not sent)',
  },
  ended: /*i18n*/ { id: 'sandbox.mpesa.ended', message: 'Ended: {reason}' },
  again: /*i18n*/ { id: 'sandbox.mpesa.again', message: 'That prompt was already answered. {said}' },
  paidBill: /*i18n*/ {
    id: 'sandbox.mpesa.paidBill',
    message: 'Paid KES {amount} to {business}, account {account}: receipt {receipt}',
  },
  question: /*i18n*/ {
    id: 'sandbox.mpesa.question',
    message: 'Do you want to pay KES {amount} to {merchant} (Account {account})? Enter M-PESA PIN',
  },
  pin: /*i18n*/ { id: 'sandbox.mpesa.pin', message: 'M-PESA PIN' },
  pay: /*i18n*/ { id: 'sandbox.mpesa.pay', message: 'Pay' },
  cancel: /*i18n*/ { id: 'sandbox.mpesa.cancel', message: 'Cancel' },
  otherAnswers: /*i18n*/ { id: 'sandbox.mpesa.otherAnswers', message: 'Other answers, for testing:' },
  letTimeOut: /*i18n*/ { id: 'sandbox.mpesa.letTimeOut', message: 'Let it time out' },
  noFunds: /*i18n*/ { id: 'sandbox.mpesa.noFunds', message: 'Not enough balance' },
  loseCallback: /*i18n*/ { id: 'sandbox.mpesa.loseCallback', message: 'Pay but lose the callback' },
  promptsOn: /*i18n*/ { id: 'sandbox.mpesa.promptsOn', message: 'Prompts on {phone}' },
  noPrompt: /*i18n*/ {
    id: 'sandbox.mpesa.noPrompt',
    message: 'No M-Pesa prompt on this phone right now. This page checks again every 2 seconds.',
  },
  paybill: /*i18n*/ { id: 'sandbox.mpesa.paybill', message: 'Pay bill' },
  paybillHint: /*i18n*/ {
    id: 'sandbox.mpesa.paybillHint',
    message: "Lipa na M-Pesa → Pay Bill, as from the phone's M-Pesa menu.",
  },
  business: /*i18n*/ { id: 'sandbox.mpesa.business', message: 'Business number' },
  account: /*i18n*/ { id: 'sandbox.mpesa.account', message: 'Account number' },
  amount: /*i18n*/ { id: 'sandbox.mpesa.amount', message: 'Amount (KES)' },
  send: /*i18n*/ { id: 'sandbox.mpesa.send', message: 'Send money' },
  phoneNumber: /*i18n*/ { id: 'sandbox.mpesa.phoneNumber', message: 'Phone number' },
  showPrompts: /*i18n*/ { id: 'sandbox.mpesa.showPrompts', message: 'Show prompts' },
  pinHint: /*i18n*/ {
    id: 'sandbox.mpesa.pinHint',
    message: 'The sandbox M-PESA PIN is {pin}. Any other PIN is refused as a wrong PIN.',
  },
  notKenyan: /*i18n*/ {
    id: 'sandbox.mpesa.notKenyan',
    message: 'That is not a Kenyan mobile number: use 07XX XXX XXX or 2547XX XXX XXX',
  },
  enterBusiness: /*i18n*/ {
    id: 'sandbox.mpesa.enterBusiness',
    message: 'Enter the business number: digits only',
  },
  enterAccount: /*i18n*/ { id: 'sandbox.mpesa.enterAccount', message: 'Enter the account number' },
  enterAmount: /*i18n*/ {
    id: 'sandbox.mpesa.enterAmount',
    message: 'Enter the amount in whole shillings, 1 or more',
  },
  wrongPin: /*i18n*/ { id: 'sandbox.mpesa.wrongPin', message: 'Wrong PIN' },
  noPaybill: /*i18n*/ {
    id: 'sandbox.mpesa.noPaybill',
    message: 'That business number does not take M-Pesa payments here',
  },
  chooseButton: /*i18n*/ {
    id: 'sandbox.mpesa.chooseButton',
    message: 'Choose one of the buttons on the prompt.',
  },
  noSuchPrompt: /*i18n*/ { id: 'sandbox.mpesa.noSuchPrompt', message: 'There is no such M-Pesa prompt.' },
} satisfies Record<string, Message>

export function notice(prompt: Prompt, again: boolean, lang: Lang): string {
  const outcome = Object.values(OUTCOMES).find((o) => o.resultCode === prompt.resultCode)
  const said =
    prompt.resultCode === 0
      ? translate(lang, prompt.callbackSent ? PHONE_WORDS.paid : PHONE_WORDS.paidNoCallback, {
          receipt: prompt.receipt ?? '',
        })
      : outcome
        ? translate(lang, outcome.notice)
        : translate(lang, PHONE_WORDS.ended, { reason: prompt.resultDesc ?? '' })
  return again ? translate(lang, PHONE_WORDS.again, { said }) : said
}

export function paidNotice(payment: C2bPayment, lang: Lang): string {
  return translate(lang, PHONE_WORDS.paidBill, {
    amount: shillings(lang).format(payment.amount),
    business: payment.businessNumber,
    account: payment.accountNumber,
    receipt: payment.transId,
  })
}

const SHILLINGS = {
  en: new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 }),
  sw: new Intl.NumberFormat('sw-KE', { maximumFractionDigits: 0 }),
}
const shillings = (lang: Lang) => SHILLINGS[lang]

export function phonePage(p: {
  given: string
  phone?: string
  waiting?: Prompt[]
  formAction?: (id: string) => string
  paybillAction?: string
  paybill?: PaybillFields
  notice?: string | null
  error?: string | null
  /** The SMS this number received (the SMS sandbox's inbox), as HTML. */
  inbox?: string
  /** The language the page is written in; English unless given. */
  lang?: Lang
}): SandboxPage {
  const lang = p.lang ?? 'en'
  const t = (message: Message, params?: MessageParams) => escapeHtml(translate(lang, message, params))
  const waiting = p.waiting ?? []
  // While no prompt waits the page checks again every 2 s; never while one does, so typing a PIN is safe,
  // nor on a refused Pay bill form (it answers a POST). The script skips the check once the Pay bill form
  // is in use, which a plain refresh would empty; the meta refresh is for browsers without scripts.
  const refreshing = Boolean(p.phone) && waiting.length === 0 && !p.error
  const refresh = refreshing ? '<noscript><meta http-equiv="refresh" content="2"></noscript>' : ''
  const refreshScript = refreshing ? REFRESH_SCRIPT : undefined
  const prompts = waiting.map((prompt) => {
    const id = escapeHtml(prompt.checkoutRequestId)
    const question = t(PHONE_WORDS.question, {
      amount: shillings(lang).format(prompt.amount),
      merchant: MERCHANT,
      account: prompt.accountReference,
    })
    // No aria-labelledby on the section: its text holds "M-PESA PIN" and would label it like the input.
    return `<section class="prompt">
<p class="sim">${question}</p>
<form method="post" action="${escapeHtml(p.formAction?.(prompt.checkoutRequestId) ?? '')}">
<label for="pin-${id}">${t(PHONE_WORDS.pin)}</label>
<input id="pin-${id}" name="pin" type="password" inputmode="numeric" autocomplete="off" maxlength="4">
<div class="row"><button name="action" value="pay" class="primary">${t(PHONE_WORDS.pay)}</button>
<button name="action" value="cancel">${t(PHONE_WORDS.cancel)}</button></div>
<p class="quiet">${t(PHONE_WORDS.otherAnswers)}</p>
<div class="row"><button name="action" value="timeout">${t(PHONE_WORDS.letTimeOut)}</button>
<button name="action" value="no-funds">${t(PHONE_WORDS.noFunds)}</button>
<button name="action" value="pay-no-callback">${t(PHONE_WORDS.loseCallback)}</button></div>
</form>
</section>`
  })
  const list = p.phone
    ? `<h2>${t(PHONE_WORDS.promptsOn, { phone: localNumber(p.phone, true) })}</h2>
${prompts.length ? prompts.join('\n') : `<p class="quiet">${t(PHONE_WORDS.noPrompt)}</p>`}`
    : ''
  const typed = p.paybill ?? { business: '', account: '', amount: '' }
  const paybill =
    p.phone && p.paybillAction
      ? `<section class="paybill" aria-labelledby="paybill-title">
<h2 id="paybill-title">${t(PHONE_WORDS.paybill)}</h2>
<p class="quiet">${t(PHONE_WORDS.paybillHint)}</p>
<form id="paybill" method="post" action="${escapeHtml(p.paybillAction)}">
<input type="hidden" name="number" value="${escapeHtml(localNumber(p.phone))}">
<label for="paybill-business">${t(PHONE_WORDS.business)}</label>
<input id="paybill-business" name="business" inputmode="numeric" autocomplete="off" value="${escapeHtml(typed.business)}">
<label for="paybill-account">${t(PHONE_WORDS.account)}</label>
<input id="paybill-account" name="account" autocomplete="off" value="${escapeHtml(typed.account)}">
<label for="paybill-amount">${t(PHONE_WORDS.amount)}</label>
<input id="paybill-amount" name="amount" inputmode="numeric" autocomplete="off" value="${escapeHtml(typed.amount)}">
<label for="paybill-pin">${t(PHONE_WORDS.pin)}</label>
<input id="paybill-pin" name="pin" type="password" inputmode="numeric" autocomplete="off" maxlength="4">
<div class="row"><button class="primary">${t(PHONE_WORDS.send)}</button></div>
</form>
</section>`
      : ''
  return sandboxPage({
    title: translate(lang, PHONE_WORDS.title),
    lang,
    head: refresh,
    css: `${PHONE_CSS}${SMS_LIST_CSS}`,
    body: `${p.notice ? `<p class="notice" role="status">${escapeHtml(p.notice)}</p>` : ''}
${p.error ? `<p class="error" role="alert">${escapeHtml(p.error)}</p>` : ''}
<form method="get">
<label for="number">${t(PHONE_WORDS.phoneNumber)}</label>
<input id="number" name="number" type="tel" inputmode="tel" autocomplete="tel" placeholder="0712 345 678" value="${escapeHtml(p.phone ? localNumber(p.phone, true) : p.given)}">
<div class="row"><button>${t(PHONE_WORDS.showPrompts)}</button></div>
</form>
${list}
${p.inbox ?? ''}
${paybill}
<p class="quiet">${t(PHONE_WORDS.pinHint, { pin: PIN })}</p>`,
    script: refreshScript,
  })
}

/** Reloads the phone page every 2 s unless the Pay bill form is being filled in. */
const REFRESH_SCRIPT = `
const paybill = document.getElementById('paybill')
let typed = false
paybill?.addEventListener('input', () => { typed = true })
setInterval(() => { if (!typed && !paybill?.contains(document.activeElement)) location.reload() }, 2000)
`

const PHONE_CSS = `
body{color:#1c1917;background:#f5f5f4}
main{margin:0 auto;padding:16px}
h1{margin:8px 0 16px}h2{font-size:1.1rem;margin:24px 0 8px}
label{display:block;font-weight:600;margin:12px 0 4px}
input{box-sizing:border-box;width:100%;font:inherit;padding:10px;border:1px solid #78716c;border-radius:8px}
button{font:inherit;padding:10px 14px;border-radius:8px;border:1px solid #57534e;background:#fff;min-height:44px;cursor:pointer}
button.primary{background:#15803d;border-color:#15803d;color:#fff}
.row{display:flex;flex-wrap:wrap;gap:8px;margin-top:12px}
.prompt,.paybill{background:#fff;border:1px solid #d6d3d1;border-radius:12px;padding:16px;margin-bottom:16px}
.sim{margin:0;font-family:ui-monospace,monospace}
.notice{padding:10px 12px;border-radius:8px;background:#dcfce7;color:#14532d}
.error{padding:10px 12px;border-radius:8px;background:#fee2e2;color:#7f1d1d}
.quiet{color:#57534e}`
