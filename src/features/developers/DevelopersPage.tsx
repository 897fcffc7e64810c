import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { ApiKeyView } from '../../../contract/developers.contract'
import { errorState, FormMessage } from '../../components/Form'
import { ListState } from '../../components/ListState'
import { formatDateTime } from '../../lib/dates'
import { rpc } from '../../lib/rpc'
import { usePageTitle } from '../../lib/title'
import { ApiActivity } from './ApiActivity'
import { developersQueries } from './developers.queries'
import { KeyForm, NewKey } from './KeyForm'
import { ScopeList } from './scopes'
import { Webhooks } from './Webhooks'

/**
 * /account/developers: the seller's API keys — made with scopes and shown once, listed with their last use,
 * revoked — what the keys changed, and the webhooks that post the store's events. The reference is at
 * /developers.
 */
export function DevelopersPage() {
  const { t } = useLingui()
  usePageTitle(t`Developers`)
  const keys = useQuery(developersQueries.keys())
  const [made, setMade] = useState<{ name: string; secret: string } | null>(null)
  return (
    <section className="page developers" aria-labelledby="developers-heading">
      <h1 id="developers-heading">
        <Trans>Developers</Trans>
      </h1>
      <p className="lead">
        <Trans>
          API keys let your own tools use your store: a website that checks orders, a sheet of your sales, a
          bot that confirms bookings. Read how in the <a href="/developers">API reference</a>.
        </Trans>
      </p>
      {made ? <NewKey name={made.name} secret={made.secret} onDone={() => setMade(null)} /> : null}
      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading">
          <Trans>Your keys</Trans>
        </h2>
        <ListState list={keys} what={t`your keys`} />
        {keys.data && keys.data.keys.length === 0 ? (
          <p className="muted">
            <Trans>No keys yet. Make one below; it works as soon as it is made.</Trans>
          </p>
        ) : null}
        {keys.data && keys.data.keys.length > 0 ? (
          <ul className="cards api-keys">
            {keys.data.keys.map((key) => (
              <KeyCard key={key.id} apiKey={key} />
            ))}
          </ul>
        ) : null}
      </section>
      <KeyForm onMade={setMade} />
      <ApiActivity />
      <Webhooks />
    </section>
  )
}

function KeyCard({ apiKey }: { apiKey: ApiKeyView }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [asking, setAsking] = useState(false)
  const revoke = useMutation({
    mutationFn: () => rpc('revokeApiKey', { keyId: apiKey.id }),
    onSuccess: () => {
      setAsking(false)
      void queryClient.invalidateQueries({ queryKey: developersQueries.all() })
    },
  })
  const name = apiKey.name
  return (
    <li className="card api-key" data-revoked={apiKey.revokedAt ? 'true' : undefined}>
      <p>
        <strong>{name}</strong> <code className="key-prefix">{apiKey.prefix}…</code>
        {apiKey.revokedAt ? (
          <>
            {' '}
            <span className="badge badge-failed">
              <Trans>Revoked</Trans>
            </span>
          </>
        ) : null}
      </p>
      <ScopeList scopes={apiKey.scopes} />
      <p className="muted">
        {t`Made ${formatDateTime(apiKey.createdAt)}`}
        {' · '}
        {apiKey.revokedAt
          ? t`Revoked ${formatDateTime(apiKey.revokedAt)}`
          : apiKey.lastUsedAt
            ? t`Last used ${formatDateTime(apiKey.lastUsedAt)}`
            : t`Never used`}
      </p>
      {apiKey.revokedAt ? null : asking ? (
        <p>
          {t`Revoke ${name}? Tools using it stop working at once.`}{' '}
          <button
            type="button"
            className="button secondary button-small"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate()}
          >
            <Trans>Yes, revoke it</Trans>
          </button>{' '}
          <button type="button" className="link-button" onClick={() => setAsking(false)}>
            <Trans>Keep the key</Trans>
          </button>
        </p>
      ) : (
        <button type="button" className="link-button" onClick={() => setAsking(true)}>
          <Trans>
            Revoke<span className="visually-hidden"> {name}</span>
          </Trans>
        </button>
      )}
      {revoke.isError ? <FormMessage message={errorState(revoke.error).message} /> : null}
    </li>
  )
}
