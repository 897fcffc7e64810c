import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import type { WebhookDeliveryView } from '../../../contract/webhooks.contract'
import { errorState, FormMessage } from '../../components/Form'
import { ListState } from '../../components/ListState'
import { LoadMore } from '../../components/LoadMore'
import { formatDateTime } from '../../lib/dates'
import { rpc } from '../../lib/rpc'
import { developersQueries } from './developers.queries'
import { eventName } from './webhook-events'

/** While a delivery is still being tried, the log looks again this often. */
const WATCH_MS = 2000

/** An endpoint's deliveries, newest first: each event's body, every attempt and what came back, and Resend. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const { t } = useLingui()
  const list = useInfiniteQuery({
    ...developersQueries.deliveries(endpointId),
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.deliveries.some((d) => d.status === 'pending'))
        ? WATCH_MS
        : false,
  })
  const deliveries = list.data?.pages.flatMap((page) => page.deliveries) ?? []
  return (
    <section className="delivery-log" aria-label={t`Deliveries`}>
      <ListState list={list} what={t`the deliveries`} />
      {list.isSuccess && deliveries.length === 0 ? (
        <p className="muted">
          <Trans>Nothing sent yet. Each event this endpoint gets is listed here, with every attempt.</Trans>
        </p>
      ) : null}
      {deliveries.length > 0 ? (
        <ol className="deliveries">
          {deliveries.map((delivery) => (
            <Delivery key={delivery.id} delivery={delivery} />
          ))}
        </ol>
      ) : null}
      <LoadMore list={list} />
    </section>
  )
}

function Delivery({ delivery }: { delivery: WebhookDeliveryView }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const resend = useMutation({
    mutationFn: () => rpc('resendWebhookDelivery', { deliveryId: delivery.id }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: developersQueries.all() }),
  })
  const name = eventName(delivery.type)
  const status =
    delivery.status === 'succeeded'
      ? { className: 'badge badge-paid', text: t`Delivered` }
      : delivery.status === 'failed'
        ? { className: 'badge badge-failed', text: t`Not delivered` }
        : { className: 'badge badge-pending', text: t`Trying` }
  return (
    <li className="delivery" data-status={delivery.status}>
      <details>
        <summary>
          <strong>{name ? t(name) : delivery.type}</strong>{' '}
          <span className={status.className}>{status.text}</span>{' '}
          <span className="muted">
            {formatDateTime(delivery.createdAt)} ·{' '}
            {t`${plural(delivery.attempts, { one: '# attempt', other: '# attempts' })}`}
          </span>
        </summary>
        <p className="muted">
          {t`Event ${delivery.eventId}`}
          {delivery.nextAttemptAt ? ` · ${t`next try ${formatDateTime(delivery.nextAttemptAt)}`}` : ''}
        </p>
        <p>
          <button
            type="button"
            className="button secondary button-small"
            disabled={resend.isPending}
            aria-busy={resend.isPending}
            onClick={() => resend.mutate()}
          >
            {resend.isPending ? t`Sending…` : t`Resend`}
          </button>
        </p>
        {resend.isError ? <FormMessage message={errorState(resend.error).message} /> : null}
        <h4>
          <Trans>Attempts</Trans>
        </h4>
        <ol className="attempts" reversed>
          {delivery.log.map((attempt) => {
            const ok = attempt.responseStatus !== null && attempt.responseStatus < 300
            return (
              <li key={attempt.id} className="attempt" data-ok={ok ? 'true' : 'false'}>
                <p>
                  <span className={ok ? 'badge badge-paid' : 'badge badge-failed'}>
                    {attempt.responseStatus ?? t`No answer`}
                  </span>{' '}
                  {t`${formatDateTime(attempt.at)}, ${attempt.durationMs} ms`}
                  {attempt.trigger === 'resend' ? ` · ${t`resent by you`}` : ''}
                  {attempt.trigger === 'test' ? ` · ${t`test`}` : ''}
                </p>
                {attempt.error ? <p className="muted">{attempt.error}</p> : null}
                {attempt.responseBody ? <pre className="api-example">{attempt.responseBody}</pre> : null}
              </li>
            )
          })}
        </ol>
        <h4>
          <Trans>What was sent</Trans>
        </h4>
        <pre className="api-example">{pretty(delivery.body)}</pre>
      </details>
    </li>
  )
}

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}
