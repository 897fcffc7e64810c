import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Message } from '../../../../contract/i18n'
import { normalizeKenyanMobile } from '../../../../contract/phone'
import { translate } from '../../../lib/i18n'
import { inboxHtml } from '../../../sms/africastalking.sandbox'
import { page, pageLang } from '../pages'
import { type C2bPayment, type C2bRegistration, payBill } from './c2b'
import { localNumber, type MpesaContext, type SandboxEnv, wholeAmount } from './daraja'
import { notice, type PaybillFields, PHONE_WORDS, PIN, paidNotice, phonePage } from './phone-page'
import { OUTCOMES, type Prompt, type Prompts } from './stk'

/**
 * The sandbox's phone, at /phone: where a tester answers the STK prompts sent to a number, instead of a
 * real handset, and pays a bill from the M-Pesa menu (C2B). The page itself is in phone-page.ts.
 */

type Action = 'pay' | 'pay-no-callback' | 'cancel' | 'timeout' | 'no-funds'
const ACTIONS: readonly Action[] = ['pay', 'pay-no-callback', 'cancel', 'timeout', 'no-funds']

export function mountPhone(ctx: MpesaContext, { settle, expired, timeOut }: Prompts): void {
  const { app, store } = ctx

  /**
   * The phone page for `phone`: its waiting prompts (those past their time end now, their callbacks going
   * out in the background: see idle()) and the Pay bill form. `phonePath` is the page's own path.
   */
  async function showPhone(
    c: Context<SandboxEnv>,
    phone: string,
    phonePath: string,
    extra: { notice?: string | null; error?: string; paybill?: PaybillFields },
    status: ContentfulStatusCode = 200,
  ) {
    const lang = pageLang(c)
    const listed = await store.list<Prompt>('mpesa', 'prompt', { phone, state: 'waiting' })
    const stale = listed.filter(expired)
    for (const prompt of stale) await timeOut(prompt)
    return page(
      c,
      phonePage({
        given: localNumber(phone),
        phone,
        waiting: listed.filter((prompt) => !stale.includes(prompt)),
        formAction: (id) => `${phonePath}/${encodeURIComponent(id)}`,
        paybillAction: `${phonePath}/paybill`,
        inbox: await inboxHtml(store, phone, lang),
        lang,
        ...extra,
      }),
      status,
    )
  }

  app.get('/phone', async (c) => {
    const lang = pageLang(c)
    const given = c.req.query('number') ?? ''
    const phone = given ? normalizeKenyanMobile(given) : null
    if (!phone)
      return page(
        c,
        phonePage({ given, error: given ? translate(lang, PHONE_WORDS.notKenyan) : null, lang }),
        given ? 400 : 200,
      )
    const done = c.req.query('done')
    const last = done ? await store.get<Prompt>('mpesa', done) : null
    const paid = c.req.query('paid')
    const payment = paid ? await store.get<C2bPayment>('mpesa', `c2b:${paid}`) : null
    return showPhone(c, phone, c.req.path, {
      notice:
        payment?.phone === phone
          ? paidNotice(payment, lang)
          : last?.phone === phone
            ? notice(last, c.req.query('again') === '1', lang)
            : null,
    })
  })

  // Registered before /phone/:id, which would take "paybill" for a prompt's id.
  app.post('/phone/paybill', async (c) => {
    const lang = pageLang(c)
    const form = await c.req.parseBody()
    const field = (name: string) => (typeof form[name] === 'string' ? form[name] : '')
    const phone = normalizeKenyanMobile(field('number'))
    if (!phone)
      return page(
        c,
        phonePage({ given: field('number'), error: translate(lang, PHONE_WORDS.notKenyan), lang }),
        400,
      )
    const phonePath = c.req.path.slice(0, -'/paybill'.length)
    const typed: PaybillFields = {
      business: field('business').replace(/\s/g, ''),
      account: field('account'),
      amount: field('amount').trim(),
    }
    const refuse = (error: Message) =>
      showPhone(c, phone, phonePath, { error: translate(lang, error), paybill: typed }, 400)
    if (!/^\d+$/.test(typed.business)) return refuse(PHONE_WORDS.enterBusiness)
    if (!typed.account.trim()) return refuse(PHONE_WORDS.enterAccount)
    const amount = /^\d+$/.test(typed.amount) ? wholeAmount(typed.amount) : null
    if (amount === null) return refuse(PHONE_WORDS.enterAmount)
    if (field('pin') !== PIN) return refuse(PHONE_WORDS.wrongPin)
    const registration = await store.get<C2bRegistration>('mpesa', `c2b-urls:${typed.business}`)
    if (!registration) return refuse(PHONE_WORDS.noPaybill)

    const payment = await payBill(ctx, registration, {
      phone,
      businessNumber: typed.business,
      accountNumber: typed.account,
      amount,
    })
    const query = new URLSearchParams({ number: localNumber(phone), paid: payment.transId })
    return c.redirect(`${phonePath}?${query}`, 303)
  })

  app.post('/phone/:id', async (c) => {
    const id = c.req.param('id')
    const lang = pageLang(c)
    const refused = (error: Message) => phonePage({ given: '', error: translate(lang, error), lang })
    const form = await c.req.parseBody()
    const action = String(form.action ?? '') as Action
    if (!ACTIONS.includes(action)) return page(c, refused(PHONE_WORDS.chooseButton), 400)
    const prompt = await store.get<Prompt>('mpesa', id)
    if (!prompt) return page(c, refused(PHONE_WORDS.noSuchPrompt), 404)

    // A prompt answered after its time is already over, as on a real phone.
    const outcome = expired(prompt)
      ? OUTCOMES.timeout
      : action === 'pay'
        ? form.pin === PIN
          ? OUTCOMES.paid
          : OUTCOMES['wrong-pin']
        : action === 'pay-no-callback'
          ? OUTCOMES.paid
          : OUTCOMES[action]
    const sendCallback = action !== 'pay-no-callback' || outcome !== OUTCOMES.paid
    const settled = await settle(id, outcome, sendCallback)
    await settled?.delivery
    const base = c.req.path.slice(0, c.req.path.length - `/phone/${id}`.length)
    const query = new URLSearchParams({ number: localNumber(prompt.phone), done: id })
    if (settled && !settled.changed) query.set('again', '1')
    return c.redirect(`${base}/phone?${query}`, 303)
  })
}
