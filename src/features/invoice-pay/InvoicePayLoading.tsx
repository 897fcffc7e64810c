import { Trans } from '@lingui/react/macro'

/** While the invoice is on its way: its shape, so the page does not jump when it arrives. */
export function InvoicePayLoading() {
  return (
    <section className="invoice-pay pay-loading" aria-labelledby="invoice-heading" aria-busy="true">
      <h1 id="invoice-heading">
        <Trans>Invoice</Trans>
      </h1>
      <p role="status" className="muted">
        <Trans>Opening the invoice…</Trans>
      </p>
      <span className="skeleton" style={{ height: '12rem' }} />
      <span className="skeleton" style={{ height: '16rem', marginTop: 'var(--s4)' }} />
    </section>
  )
}
