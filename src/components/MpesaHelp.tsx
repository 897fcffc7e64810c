import { Trans, useLingui } from '@lingui/react/macro'
import { Fragment, useEffect, useId, useState } from 'react'
import type { Money } from '../../contract/money'
import { formatMoney } from '../lib/money'

/**
 * The Paybill way to pay by M-Pesa without a prompt: the business number, the account number that matches
 * the payment to what it pays for on arrival (an order's or an invoice's reference), and the amount, each
 * with a Copy button. Shared by the checkout's and the invoice's "Check your phone" screens.
 */
export function Paybill({
  businessNumber,
  account,
  amount,
  intro,
}: {
  businessNumber: string
  account: string
  amount: Money
  intro?: string
}) {
  const { t } = useLingui()
  const headingId = useId()
  const [copied, setCopied] = useState('')
  const rows: [string, string, string][] = [
    [t`Business number`, businessNumber, businessNumber],
    [t`Account number`, account, account],
    // M-Pesa takes whole shillings; the field wants the figure alone.
    [t`Amount`, formatMoney(amount.amount, amount.currency), String(Math.ceil(amount.amount / 100))],
  ]
  const copy = async (label: string, value: string) => {
    try {
      await navigator.clipboard.writeText(value)
      setCopied(t`${label} copied.`)
    } catch {
      setCopied(t`Copying did not work: type it in by hand.`)
    }
  }
  return (
    <section className="notice paybill" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <Trans>Pay by Paybill</Trans>
      </h3>
      <p>{intro ?? t`No prompt on your phone? In M-Pesa choose Lipa na M-Pesa, then Pay Bill, and enter:`}</p>
      <dl className="details">
        {rows.map(([label, shown, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>
              <strong>{shown}</strong>{' '}
              <button type="button" className="link-button" onClick={() => void copy(label, value)}>
                <Trans>Copy</Trans>
                <span className="visually-hidden"> {label}</span>
              </button>
            </dd>
          </Fragment>
        ))}
      </dl>
      <p className="muted" role="status">
        {copied}
      </p>
    </section>
  )
}

/** The sandbox phone page, opened on the number the prompt went to when the page knows it. */
export function sandboxPhoneLink(page: string, phone: string | undefined): string {
  return phone ? `${page}${page.includes('?') ? '&' : '?'}number=${encodeURIComponent(phone)}` : page
}

/** M-Pesa in sandbox mode: no real phone gets the prompt, so the simulator's phone page is linked. */
export function SandboxPhoneNote({ page, phone }: { page: string; phone?: string | undefined }) {
  return (
    <p className="notice">
      <Trans>
        Sandbox mode: no real phone gets this prompt.{' '}
        <a href={sandboxPhoneLink(page, phone)} target="_blank" rel="noopener">
          Open the sandbox phone<span className="visually-hidden"> (opens in a new tab)</span>
        </a>{' '}
        to answer it, or to pay by Paybill.
      </Trans>
    </p>
  )
}

/** How long a prompt may go unanswered before the Paybill way is offered too. */
const PAYBILL_AFTER_MS = 60_000

/** True once a prompt made at `createdAt` has waited ~60 s, counted from then (so a reload keeps the count). */
export function useLate(createdAt: string | undefined): boolean {
  const [late, setLate] = useState(false)
  useEffect(() => {
    if (!createdAt) return
    const waited = Date.now() - Date.parse(createdAt)
    const timer = setTimeout(
      () => setLate(true),
      Math.min(PAYBILL_AFTER_MS, Math.max(0, PAYBILL_AFTER_MS - waited)),
    )
    return () => clearTimeout(timer)
  }, [createdAt])
  return late
}
