import type { Hono } from 'hono'
import { escapeHtml } from '../../../lib/html'
import { page, type SandboxPage, sandboxPage } from '../pages'
import {
  announceItem,
  batchOfItem,
  change,
  ITEM_ERRORS,
  type ItemStatus,
  NEXT,
  PAYPAL_SANDBOX_RECEIVERS,
  type PayoutItem,
  type PayoutRecord,
  type PayoutsSandboxContext,
} from './payout-batches'

/**
 * The PayPal sandbox's payouts page, at /payouts: the payouts Soko sent, newest first, with buttons that
 * end a waiting item as PayPal would, each change sending PayPal's webhook to Soko.
 */

/** What the page's buttons ask for. */
const ACTIONS: readonly ItemStatus[] = ['SUCCESS', 'FAILED', 'UNCLAIMED', 'RETURNED']

export function mountPayoutsPage(app: Hono, ctx: PayoutsSandboxContext): void {
  const { store } = ctx

  app.get('/payouts', async (c) => {
    const records = await store.list<PayoutRecord>('paypal', 'payout', {}, 50)
    const done = c.req.query('done')
    const item = done ? records.flatMap((r) => r.items).find((i) => i.payout_item_id === done) : undefined
    const notice = item
      ? `${c.req.query('again') === '1' ? 'That item had already moved on. ' : ''}Item ${item.payout_item_id} is ${item.transaction_status}.`
      : null
    return page(c, payoutsPage(records, c.req.path, notice))
  })

  app.post('/payouts/:id', async (c) => {
    const id = c.req.param('id')
    const pagePath = c.req.path.replace(/\/[^/]*$/, '')
    const form = await c.req.parseBody()
    const action = String(form.action ?? '') as ItemStatus
    const errorName = String(form.error ?? '')
    if (!ACTIONS.includes(action))
      return page(c, messagePage('Choose one of the buttons of the item.', pagePath), 400)
    const record = await batchOfItem(store, id)
    if (!record) return page(c, messagePage('There is no such payout item.', pagePath), 404)
    if (action === 'FAILED' && !ITEM_ERRORS.includes(errorName))
      return page(c, messagePage('Choose the PayPal error to fail the item with.', pagePath), 400)
    const result = await change(
      ctx,
      record.header.payout_batch_id,
      id,
      (status) => (NEXT[status]?.includes(action) ? action : null),
      errorName,
    )
    // Awaited: the tester sees the page again once Soko has heard of the change.
    if (result?.changed) await announceItem(ctx, result.item)
    const query = new URLSearchParams({ done: id, ...(result?.changed ? {} : { again: '1' }) })
    return c.redirect(`${pagePath}?${query}`, 303)
  })
}

function payoutsPage(records: PayoutRecord[], pagePath: string, notice: string | null): SandboxPage {
  const batches = records.map((record) => {
    const { header } = record
    const id = escapeHtml(header.payout_batch_id)
    const items = record.items.map((item) =>
      itemHtml(item, `${pagePath}/${encodeURIComponent(item.payout_item_id)}`),
    )
    return `<section class="batch" aria-labelledby="batch-${id}">
<h2 id="batch-${id}">Batch ${id}</h2>
<p class="quiet">${escapeHtml(header.batch_status)}${header.errors ? ` (${escapeHtml(header.errors.name)})` : ''} · sender_batch_id ${escapeHtml(header.sender_batch_header.sender_batch_id ?? '—')}</p>
<ul>${items.join('\n')}</ul>
</section>`
  })
  const receivers = Object.entries(PAYPAL_SANDBOX_RECEIVERS)
    .map(([email, outcome]) => {
      const what =
        'batchDenied' in outcome
          ? `the batch is DENIED (${outcome.batchDenied})`
          : `${outcome.status}${'error' in outcome ? ` (${outcome.error})` : ''}`
      return `<li><code>${escapeHtml(email)}</code>: ${escapeHtml(what)}</li>`
    })
    .join('\n')
  return sandboxPage({
    title: 'PayPal payouts (sandbox)',
    css: PAYOUTS_CSS,
    body: `${notice ? `<p class="notice" role="status">${escapeHtml(notice)}</p>` : ''}
<p>The payouts Soko sent to the PayPal sandbox, newest first. Each change below sends PayPal's webhook to Soko.</p>
${batches.length ? batches.join('\n') : '<p class="quiet">No payouts yet.</p>'}
<section aria-labelledby="receivers">
<h2 id="receivers">Receivers for testing</h2>
<p>Payouts to any other address succeed at once.</p>
<ul class="receivers">${receivers}</ul>
</section>`,
  })
}

function itemHtml(item: PayoutItem, action: string): string {
  const id = escapeHtml(item.payout_item_id)
  const amount = `${item.payout_item.amount.currency} ${item.payout_item.amount.value}`
  const next = NEXT[item.transaction_status] ?? []
  const buttons: string[] = []
  if (next.includes('SUCCESS'))
    buttons.push(
      `<button name="action" value="SUCCESS" class="primary">${item.transaction_status === 'UNCLAIMED' ? 'Claimed: pay it' : 'Pay it'}</button>`,
    )
  if (next.includes('FAILED'))
    buttons.push(`<label for="error-${id}">PayPal error</label>
<select id="error-${id}" name="error">${ITEM_ERRORS.map((name) => `<option>${name}</option>`).join('')}</select>
<button name="action" value="FAILED">Fail with this error</button>`)
  if (next.includes('UNCLAIMED'))
    buttons.push('<button name="action" value="UNCLAIMED">Leave it unclaimed</button>')
  if (next.includes('RETURNED'))
    buttons.push('<button name="action" value="RETURNED">Nobody claimed it: return it</button>')
  return `<li class="item">
<dl>
<dt>Receiver</dt><dd>${escapeHtml(item.payout_item.receiver)}</dd>
<dt>Amount</dt><dd>${escapeHtml(amount)}</dd>
<dt>Status</dt><dd><strong>${escapeHtml(item.transaction_status)}</strong>${item.errors ? ` (${escapeHtml(item.errors.name)})` : ''}</dd>
<dt>Item</dt><dd>${id}</dd>
</dl>
${buttons.length ? `<form method="post" action="${escapeHtml(action)}" aria-label="End item ${id}">${buttons.join('\n')}</form>` : ''}
</li>`
}

function messagePage(text: string, pagePath: string): SandboxPage {
  return sandboxPage({
    title: 'PayPal payouts (sandbox)',
    css: PAYOUTS_CSS,
    body: `<p role="alert">${escapeHtml(text)}</p><p><a href="${escapeHtml(pagePath)}">Back to the payouts</a></p>`,
  })
}

const PAYOUTS_CSS = `
  body { color: #001c64; background: #f5f7fa; }
  main { margin: 0 auto; padding: 1rem .75rem; }
  h2 { font-size: 1.1rem; margin: 0 0 .25rem; }
  ul { list-style: none; margin: 0; padding: 0; }
  .batch { margin: 1rem 0; padding: 1rem; background: #fff; border-radius: .75rem; box-shadow: 0 1px 4px #0002; }
  .item { border-top: 1px solid #d9dee4; padding: .75rem 0 0; margin-top: .75rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; margin: 0; }
  dt { color: #545d68; } dd { margin: 0; }
  form { display: grid; grid-template-columns: minmax(0, 1fr); gap: .5rem; margin-top: .75rem; }
  label { font-weight: 600; }
  select { width: 100%; min-height: 44px; }
  button { padding: .5rem 1rem; border-radius: 2rem; border: 2px solid #0070e0; background: #fff; color: #0070e0; cursor: pointer; }
  button.primary { background: #0070e0; color: #fff; }
  .quiet { color: #545d68; }
  .receivers li { margin: .25rem 0; }
  .notice { padding: .75rem; border-radius: .5rem; background: #e6f4ea; color: #0f5323; }
  [role=alert] { padding: .75rem; border-radius: .5rem; background: #fdecea; color: #8a1c12; }`
