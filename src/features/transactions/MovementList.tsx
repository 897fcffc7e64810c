import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { METHOD_NAMES } from '../../../contract/checkout.constants'
import { ORDER_STATUS_TEXT } from '../../../contract/order-status'
import type { BuyerMovement, SellerMovement } from '../../../contract/transactions.contract'
import { translateCode } from '../../lib/i18n'
import { formatMoney } from '../../lib/money'
import { dateText, dateTimeText, kindText, movementTitle, signed } from './transactions-format'

/** A seller's movements, newest first: amount in or out, kind, reference, method, and the balance after. */
export function SellerList({ movements }: { movements: SellerMovement[] }) {
  const { t } = useLingui()
  const now = Date.now()
  return (
    <ul className="movements">
      {movements.map((m) => (
        <li key={m.id} className="movement">
          <p className="movement-line">
            <span className="movement-title">{movementTitle(m)}</span>
            <span className="movement-amount" data-sign={m.amount < 0 ? 'out' : 'in'}>
              {signed(m.amount, m.currency)}
            </span>
          </p>
          <p className="muted">
            {kindText(m)}
            {m.reference ? ` · ${m.reference}` : ''}
            {m.method ? ` · ${translateCode(undefined, undefined, METHOD_NAMES[m.method])}` : ''} ·{' '}
            {dateTimeText(m.at)}
          </p>
          {m.discount ? (
            <p className="muted">
              {t`List price ${formatMoney(m.amount + m.discount.amount, m.currency)} · ${m.discount.code} −${formatMoney(m.discount.amount, m.currency)}`}
              <br />
              {t`Soko fee ${formatMoney(m.discount.fee, m.currency)} · you keep ${formatMoney(m.amount - m.discount.fee, m.currency)}`}
            </p>
          ) : null}
          <p className="muted">
            {t`Balance ${formatMoney(m.balance, m.currency)}`}
            {m.kind === 'sale' && m.availableAt && Date.parse(m.availableAt) > now
              ? ` · ${t`held until ${dateText(m.availableAt)}`}`
              : ''}
          </p>
        </li>
      ))}
    </ul>
  )
}

/** A buyer's payments and refunds, each with its order's status and a link to the order. */
export function BuyerList({ movements }: { movements: BuyerMovement[] }) {
  return (
    <ul className="movements">
      {movements.map((m) => (
        <li key={m.id} className="movement">
          <p className="movement-line">
            <span className="movement-title">{movementTitle(m)}</span>
            {/* A payment shows as paid (no sign, no colour); money given back with a plus. */}
            <span className="movement-amount" data-sign={m.kind === 'refund' ? 'in' : undefined}>
              {m.kind === 'refund'
                ? `+${formatMoney(-m.amount, m.currency)}`
                : formatMoney(m.amount, m.currency)}
            </span>
          </p>
          <p className="muted">
            {kindText(m)} · {m.reference} · {translateCode(undefined, undefined, METHOD_NAMES[m.method])} ·{' '}
            {dateTimeText(m.at)}
          </p>
          <p>
            <span className="badge">{translateCode(undefined, undefined, ORDER_STATUS_TEXT[m.status])}</span>{' '}
            <Link to="/sucess-payment" search={{ order: m.orderId }}>
              <Trans>
                Details<span className="visually-hidden"> of {m.title}</span>
              </Trans>
            </Link>
          </p>
        </li>
      ))}
    </ul>
  )
}
