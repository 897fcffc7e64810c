import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { DiscountCodeView } from '../../../contract/discounts.contract'
import { errorState, FormMessage } from '../../components/Form'
import { ListState } from '../../components/ListState'
import { formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { rpc } from '../../lib/rpc'
import { usePageTitle } from '../../lib/title'
import { CodeForm } from './CodeForm'
import { discountsQueries } from './discounts.queries'

/**
 * /account/discounts: the seller's discount codes — what each takes off, for what and when, how often it
 * was used and what it brought in — paused and started again, and a form to make one.
 */
export function DiscountsPage() {
  const { t } = useLingui()
  usePageTitle(t`Discount codes`)
  const codes = useQuery(discountsQueries.codes())
  const list = codes.data?.codes ?? []
  return (
    <section className="page discounts" aria-labelledby="discounts-heading">
      <h1 id="discounts-heading">
        <Trans>Discount codes</Trans>
      </h1>
      <p className="lead">
        <Trans>
          Run a sale: a code takes a percentage or an amount off. Share a link that applies it, or let buyers
          type it at checkout.
        </Trans>
      </p>
      <ListState list={codes} what={t`your codes`} />
      {codes.isSuccess && list.length === 0 ? (
        <p className="muted">
          <Trans>No codes yet. Make one below.</Trans>
        </p>
      ) : null}
      {list.length > 0 ? (
        <ul className="cards discount-codes">
          {list.map((code) => (
            <CodeCard key={code.id} code={code} />
          ))}
        </ul>
      ) : null}
      <CodeForm />
    </section>
  )
}

function CodeCard({ code }: { code: DiscountCodeView }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const pause = useMutation({
    mutationFn: (paused: boolean) => rpc('pauseDiscountCode', { codeId: code.id, paused }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: discountsQueries.all() }),
  })
  const off =
    code.kind === 'percent'
      ? t`${(code.percentBps ?? 0) / 100} % off`
      : code.amounts.map((m) => t`${formatMoney(m.amount, m.currency)} off`).join(' · ')
  const name = code.code
  const link = `${location.origin}/?code=${encodeURIComponent(name)}`
  return (
    <li className="card discount-code" data-paused={code.paused ? 'true' : undefined}>
      <p>
        <strong className="code-name">{name}</strong>{' '}
        {code.paused ? (
          <span className="badge badge-failed">
            <Trans>Paused</Trans>
          </span>
        ) : (
          <span className="badge badge-paid">
            <Trans>On</Trans>
          </span>
        )}
      </p>
      <p>{off}</p>
      <p className="muted">
        {code.productIds ? t`For ${code.productIds.length} of your products` : t`For all your products`}
        {code.startsAt ? ` · ${t`from ${formatDateTime(code.startsAt)}`}` : ''}
        {code.endsAt ? ` · ${t`until ${formatDateTime(code.endsAt)}`}` : ''}
        {code.maxUses ? ` · ${t`at most ${code.maxUses} uses`}` : ''}
        {code.maxPerBuyer ? ` · ${t`${code.maxPerBuyer} per buyer`}` : ''}
        {code.minimums.length
          ? ` · ${t`orders from ${code.minimums.map((m) => formatMoney(m.amount, m.currency)).join(', ')}`}`
          : ''}
      </p>
      <p>
        {t`Used ${code.uses} times`}
        {code.paid.length
          ? ` · ${t`paid orders came to ${code.paid.map((m) => formatMoney(m.amount, m.currency)).join(', ')}`}`
          : ''}
      </p>
      <p className="muted">
        <Trans>Share:</Trans> <code className="share-link">{link}</code>
      </p>
      <button
        type="button"
        className="link-button"
        disabled={pause.isPending}
        onClick={() => pause.mutate(!code.paused)}
      >
        {code.paused ? t`Start it again` : t`Pause`}
        <span className="visually-hidden"> {name}</span>
      </button>
      {pause.isError ? <FormMessage message={errorState(pause.error).message} /> : null}
    </li>
  )
}
