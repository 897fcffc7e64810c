import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { WEBHOOK_EVENTS, type WebhookEvent } from '../../../contract/webhooks.constants'
import type { WebhookEndpointView } from '../../../contract/webhooks.contract'
import { errorState, Field, FormMessage, text } from '../../components/Form'
import { ListState } from '../../components/ListState'
import { formatDateTime } from '../../lib/dates'
import { rpc } from '../../lib/rpc'
import { DeliveryLog } from './DeliveryLog'
import { developersQueries } from './developers.queries'
import { ShownOnce } from './ShownOnce'
import { EVENT_GROUPS, EVENT_NAMES, eventName } from './webhook-events'

/**
 * The seller's webhook endpoints: added with the events they want (the signing secret shown once), each
 * with its deliveries, a test event, turning it off and on, and deleting it.
 */
export function Webhooks() {
  const { t } = useLingui()
  const endpoints = useQuery(developersQueries.endpoints())
  const [made, setMade] = useState<{ url: string; secret: string } | null>(null)
  const list = endpoints.data?.endpoints ?? []
  return (
    <section aria-labelledby="webhooks-heading" className="webhooks">
      <h2 id="webhooks-heading">
        <Trans>Webhooks</Trans>
      </h2>
      <p>
        <Trans>
          Soko posts each event you choose to your server as it happens, signed with the endpoint’s secret. An
          event that does not get a 2xx answer is tried again for three days. The reference shows how to check
          the signature.
        </Trans>
      </p>
      {made ? (
        <ShownOnce
          heading={t`The signing secret of ${made.url}`}
          note={t`Copy it now: it is shown only this once. Your server uses it to check that each event came from Soko. If you lose it, delete the endpoint and add it again.`}
          label={t`Signing secret`}
          copy={t`Copy the secret`}
          secret={made.secret}
          onDone={() => setMade(null)}
        />
      ) : null}
      <ListState list={endpoints} what={t`your webhook endpoints`} />
      {endpoints.isSuccess && list.length === 0 ? (
        <p className="muted">
          <Trans>No endpoints yet. Add one below.</Trans>
        </p>
      ) : null}
      {list.length > 0 ? (
        <ul className="cards webhook-endpoints">
          {list.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} />
          ))}
        </ul>
      ) : null}
      <EndpointForm onMade={setMade} />
    </section>
  )
}

function EndpointForm({ onMade }: { onMade: (made: { url: string; secret: string }) => void }) {
  const { t } = useLingui()
  const id = useId()
  const queryClient = useQueryClient()
  const [chosen, setChosen] = useState<Set<WebhookEvent>>(() => new Set())
  const add = useMutation({
    mutationFn: (input: { url: string; description: string }) =>
      rpc('createWebhookEndpoint', { ...input, events: WEBHOOK_EVENTS.filter((e) => chosen.has(e)) }),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: developersQueries.all() })
      setChosen(new Set())
      onMade({ url: answer.endpoint.url, secret: answer.secret })
    },
  })
  const failed = add.isError ? errorState(add.error) : null
  const toggle = (event: WebhookEvent, on: boolean) =>
    setChosen((now) => {
      const next = new Set(now)
      if (on) next.add(event)
      else next.delete(event)
      return next
    })
  return (
    <section aria-labelledby={`${id}-heading`} className="card key-form">
      <h3 id={`${id}-heading`}>
        <Trans>Add an endpoint</Trans>
      </h3>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          const form = event.currentTarget
          const data = new FormData(form)
          add.mutate(
            { url: text(data, 'url'), description: text(data, 'description') },
            { onSuccess: () => form.reset() },
          )
        }}
      >
        <Field
          label={t`Address`}
          name="url"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://"
          hint={t`Where your server listens for Soko’s events, starting with https://.`}
          maxLength={2000}
          errors={failed?.errors}
        />
        <Field
          label={t`Note (optional)`}
          name="description"
          hint={t`What it is, so you can tell endpoints apart: "Shop website".`}
          maxLength={100}
          autoComplete="off"
          errors={failed?.errors}
        />
        <fieldset className="fieldset scopes" aria-describedby={`${id}-events-hint`}>
          <legend>
            <Trans>Events to send</Trans>
          </legend>
          <p className="muted" id={`${id}-events-hint`}>
            <Trans>Choose only what your server uses.</Trans>
          </p>
          {failed?.errors.events ? (
            <p className="field-error" role="alert">
              {failed.errors.events}
            </p>
          ) : null}
          {EVENT_GROUPS.map((group) => (
            <fieldset key={group.events[0]} className="scope-area">
              <legend>{t(group.name)}</legend>
              {group.events.map((event) => (
                <label key={event} className="field-check">
                  <input
                    type="checkbox"
                    name="events"
                    value={event}
                    checked={chosen.has(event)}
                    onChange={(e) => toggle(event, e.currentTarget.checked)}
                  />{' '}
                  <span>
                    {t(EVENT_NAMES[event])}
                    <code className="event-type">{event}</code>
                  </span>
                </label>
              ))}
            </fieldset>
          ))}
        </fieldset>
        <FormMessage message={failed?.message ?? null} />
        <button type="submit" className="button" disabled={add.isPending} aria-busy={add.isPending}>
          {add.isPending ? t`Adding the endpoint…` : t`Add the endpoint`}
        </button>
      </form>
    </section>
  )
}

function EndpointCard({ endpoint }: { endpoint: WebhookEndpointView }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [asking, setAsking] = useState(false)
  const refresh = () => queryClient.invalidateQueries({ queryKey: developersQueries.all() })
  const change = useMutation({
    mutationFn: (enabled: boolean) => rpc('updateWebhookEndpoint', { endpointId: endpoint.id, enabled }),
    onSuccess: () => void refresh(),
  })
  const remove = useMutation({
    mutationFn: () => rpc('deleteWebhookEndpoint', { endpointId: endpoint.id }),
    onSuccess: () => void refresh(),
  })
  const test = useMutation({
    mutationFn: () => rpc('sendTestWebhook', { endpointId: endpoint.id }),
    onSuccess: () => {
      setOpen(true)
      void refresh()
    },
  })
  const url = endpoint.url
  const on = endpoint.status === 'enabled'
  const tested = test.data?.delivery.log[0]
  const failure = [change, remove, test].find((m) => m.isError)?.error
  return (
    <li className="card webhook-endpoint" data-status={endpoint.status}>
      <p className="endpoint-url">
        <code>{url}</code>{' '}
        {on ? (
          endpoint.failingSince ? (
            <span className="badge badge-pending">{t`Failing since ${formatDateTime(endpoint.failingSince)}`}</span>
          ) : (
            <span className="badge badge-paid">
              <Trans>On</Trans>
            </span>
          )
        ) : (
          <span className="badge badge-failed">
            {endpoint.disabledReason === 'failing' ? t`Turned off: it kept failing` : t`Off`}
          </span>
        )}
      </p>
      {endpoint.description ? <p>{endpoint.description}</p> : null}
      <ul className="chips" aria-label={t`Events it gets`}>
        {endpoint.events.map((event) => {
          const name = eventName(event)
          return (
            <li key={event} className="chip">
              {name ? t(name) : event}
            </li>
          )
        })}
      </ul>
      <p className="actions endpoint-actions">
        <button
          type="button"
          className="button secondary button-small"
          aria-expanded={open}
          onClick={() => setOpen((now) => !now)}
        >
          {open ? t`Hide deliveries` : t`Show deliveries`}
          <span className="visually-hidden"> {url}</span>
        </button>
        <button
          type="button"
          className="button secondary button-small"
          disabled={test.isPending}
          aria-busy={test.isPending}
          onClick={() => test.mutate()}
        >
          {test.isPending ? t`Sending…` : t`Send a test event`}
        </button>
        <button
          type="button"
          className="link-button"
          disabled={change.isPending}
          onClick={() => change.mutate(!on)}
        >
          {on ? t`Turn off` : t`Turn on`}
          <span className="visually-hidden"> {url}</span>
        </button>
        {asking ? null : (
          <button type="button" className="link-button" onClick={() => setAsking(true)}>
            <Trans>Delete</Trans>
            <span className="visually-hidden"> {url}</span>
          </button>
        )}
      </p>
      {asking ? (
        <p>
          {t`Delete ${url}? Nothing more is sent to it, and its delivery log goes too.`}{' '}
          <button
            type="button"
            className="button secondary button-small"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            <Trans>Yes, delete it</Trans>
          </button>{' '}
          <button type="button" className="link-button" onClick={() => setAsking(false)}>
            <Trans>Keep it</Trans>
          </button>
        </p>
      ) : null}
      <p role="status" className="muted">
        {tested
          ? tested.responseStatus
            ? t`Test event sent: your server answered ${tested.responseStatus} in ${tested.durationMs} ms.`
            : t`Test event not delivered: ${tested.error ?? ''}`
          : ''}
      </p>
      {failure ? <FormMessage message={errorState(failure).message} /> : null}
      {open ? <DeliveryLog endpointId={endpoint.id} /> : null}
    </li>
  )
}
