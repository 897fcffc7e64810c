/** While the invoice is on its way: its shape, so the page does not jump when it arrives. */
export function InvoicePayLoading() {
  return (
    <section className="invoice-pay pay-loading" aria-labelledby="invoice-heading" aria-busy="true">
      <h1 id="invoice-heading">Invoice</h1>
      <p role="status" className="muted">
        Opening the invoice…
      </p>
      <span className="skeleton" style={{ height: '12rem' }} />
      <span className="skeleton" style={{ height: '16rem', marginTop: 'var(--s4)' }} />
    </section>
  )
}
