import { escapeHtml } from '../../../lib/html'
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

export function notice(prompt: Prompt, again: boolean): string {
  const outcome = Object.values(OUTCOMES).find((o) => o.resultCode === prompt.resultCode)
  const said =
    prompt.resultCode === 0
      ? `Paid: receipt ${prompt.receipt}${prompt.callbackSent ? '' : ' (the callback was not sent)'}`
      : (outcome?.notice ?? `Ended: ${prompt.resultDesc}`)
  return again ? `That prompt was already answered. ${said}` : said
}

export function paidNotice(payment: C2bPayment): string {
  return `Paid KES ${shillings.format(payment.amount)} to ${payment.businessNumber}, account ${payment.accountNumber}: receipt ${payment.transId}`
}

const shillings = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 })

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
}): SandboxPage {
  const waiting = p.waiting ?? []
  // While no prompt waits the page checks again every 2 s; never while one does, so typing a PIN is safe,
  // nor on a refused Pay bill form (it answers a POST). The script skips the check once the Pay bill form
  // is in use, which a plain refresh would empty; the meta refresh is for browsers without scripts.
  const refreshing = Boolean(p.phone) && waiting.length === 0 && !p.error
  const refresh = refreshing ? '<noscript><meta http-equiv="refresh" content="2"></noscript>' : ''
  const refreshScript = refreshing ? REFRESH_SCRIPT : undefined
  const prompts = waiting.map((prompt) => {
    const id = escapeHtml(prompt.checkoutRequestId)
    const question = `Do you want to pay KES ${shillings.format(prompt.amount)} to ${MERCHANT} (Account ${prompt.accountReference})? Enter M-PESA PIN`
    // No aria-labelledby on the section: its text holds "M-PESA PIN" and would label it like the input.
    return `<section class="prompt">
<p class="sim">${escapeHtml(question)}</p>
<form method="post" action="${escapeHtml(p.formAction?.(prompt.checkoutRequestId) ?? '')}">
<label for="pin-${id}">M-PESA PIN</label>
<input id="pin-${id}" name="pin" type="password" inputmode="numeric" autocomplete="off" maxlength="4">
<div class="row"><button name="action" value="pay" class="primary">Pay</button>
<button name="action" value="cancel">Cancel</button></div>
<p class="quiet">Other answers, for testing:</p>
<div class="row"><button name="action" value="timeout">Let it time out</button>
<button name="action" value="no-funds">Not enough balance</button>
<button name="action" value="pay-no-callback">Pay but lose the callback</button></div>
</form>
</section>`
  })
  const list = p.phone
    ? `<h2>Prompts on ${escapeHtml(localNumber(p.phone, true))}</h2>
${prompts.length ? prompts.join('\n') : '<p class="quiet">No M-Pesa prompt on this phone right now. This page checks again every 2 seconds.</p>'}`
    : ''
  const typed = p.paybill ?? { business: '', account: '', amount: '' }
  const paybill =
    p.phone && p.paybillAction
      ? `<section class="paybill" aria-labelledby="paybill-title">
<h2 id="paybill-title">Pay bill</h2>
<p class="quiet">Lipa na M-Pesa → Pay Bill, as from the phone's M-Pesa menu.</p>
<form id="paybill" method="post" action="${escapeHtml(p.paybillAction)}">
<input type="hidden" name="number" value="${escapeHtml(localNumber(p.phone))}">
<label for="paybill-business">Business number</label>
<input id="paybill-business" name="business" inputmode="numeric" autocomplete="off" value="${escapeHtml(typed.business)}">
<label for="paybill-account">Account number</label>
<input id="paybill-account" name="account" autocomplete="off" value="${escapeHtml(typed.account)}">
<label for="paybill-amount">Amount (KES)</label>
<input id="paybill-amount" name="amount" inputmode="numeric" autocomplete="off" value="${escapeHtml(typed.amount)}">
<label for="paybill-pin">M-PESA PIN</label>
<input id="paybill-pin" name="pin" type="password" inputmode="numeric" autocomplete="off" maxlength="4">
<div class="row"><button class="primary">Send money</button></div>
</form>
</section>`
      : ''
  return sandboxPage({
    title: 'M-Pesa sandbox phone',
    head: refresh,
    css: `${PHONE_CSS}${SMS_LIST_CSS}`,
    body: `${p.notice ? `<p class="notice" role="status">${escapeHtml(p.notice)}</p>` : ''}
${p.error ? `<p class="error" role="alert">${escapeHtml(p.error)}</p>` : ''}
<form method="get">
<label for="number">Phone number</label>
<input id="number" name="number" type="tel" inputmode="tel" autocomplete="tel" placeholder="0712 345 678" value="${escapeHtml(p.phone ? localNumber(p.phone, true) : p.given)}">
<div class="row"><button>Show prompts</button></div>
</form>
${list}
${p.inbox ?? ''}
${paybill}
<p class="quiet">The sandbox M-PESA PIN is ${PIN}. Any other PIN is refused as a wrong PIN.</p>`,
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
