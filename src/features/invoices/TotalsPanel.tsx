import { useLingui } from '@lingui/react/macro'
import { Fragment, useEffect, useId, useRef, useState } from 'react'
import type { CurrencyCode } from '../../../contract/currencies'
import { rateText } from '../../../contract/invoice-totals'
import { formatMoney } from '../../lib/money'

export interface TotalsShown {
  subtotal: number
  discount: number
  taxes: { name: string; rateBps: number; inclusive: boolean; amount: number }[]
  total: number
  deposit: number
  /** What was paid already (an invoice on Soko); left out while writing one. */
  paid?: number
  /** What is left to pay (total − paid), when something was paid. */
  balance?: number
}

/**
 * An invoice's totals as a list of figures: subtotal, discount, each tax, the total, and when there is a
 * deposit what is due first and the balance after it. In the editor they change as the seller types; a
 * screen reader hears the new total once the typing pauses, not at every key.
 */
export function TotalsPanel({
  totals,
  currency,
  heading,
  announce = false,
}: {
  totals: TotalsShown
  currency: CurrencyCode
  heading?: string
  announce?: boolean
}) {
  const { t } = useLingui()
  const id = useId()
  const money = (amount: number) => formatMoney(amount, currency)
  /** "VAT 16 %", with "(included)" for a tax already in the prices. */
  const taxLabel = (tax: TotalsShown['taxes'][number]) =>
    `${tax.name} ${rateText(tax.rateBps)} %${tax.inclusive ? ` ${t`(included)`}` : ''}`
  const [said, setSaid] = useState('')
  const totalText = money(totals.total)
  // Said after a change only, never when the editor opens.
  const opened = useRef(totalText)
  useEffect(() => {
    if (!announce || totalText === opened.current) return
    opened.current = ''
    const timer = setTimeout(() => setSaid(t`Total ${totalText}`), 1200)
    return () => clearTimeout(timer)
  }, [announce, totalText, t])
  return (
    <section className="card totals-card" aria-labelledby={id}>
      <h2 id={id}>{heading ?? t`Totals`}</h2>
      <dl className="details totals-list">
        <dt>{t`Subtotal`}</dt>
        <dd>{money(totals.subtotal)}</dd>
        {totals.discount ? (
          <>
            <dt>{t`Discount`}</dt>
            <dd>−{money(totals.discount)}</dd>
          </>
        ) : null}
        {totals.taxes.map((tax, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two taxes may share a name
          <Fragment key={i}>
            <dt>{taxLabel(tax)}</dt>
            <dd>{tax.inclusive ? money(tax.amount) : `+${money(tax.amount)}`}</dd>
          </Fragment>
        ))}
        <dt className="totals-total">{t`Total`}</dt>
        <dd className="totals-total" data-testid="invoice-total">
          {totalText}
        </dd>
        {totals.deposit ? (
          <>
            <dt>{t`Deposit due first`}</dt>
            <dd data-testid="invoice-deposit">{money(totals.deposit)}</dd>
            <dt>{t`Balance after the deposit`}</dt>
            <dd data-testid="invoice-balance">{money(totals.total - totals.deposit)}</dd>
          </>
        ) : null}
        {totals.paid ? (
          <>
            <dt>{t`Paid`}</dt>
            <dd>{money(totals.paid)}</dd>
            <dt className="totals-total">{t`Left to pay`}</dt>
            <dd className="totals-total">{money(totals.balance ?? totals.total - totals.paid)}</dd>
          </>
        ) : null}
      </dl>
      {announce ? (
        <p className="visually-hidden" aria-live="polite">
          {said}
        </p>
      ) : null}
    </section>
  )
}
