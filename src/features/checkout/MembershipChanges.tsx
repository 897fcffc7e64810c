import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import type { MembershipView } from '../../../contract/memberships.contract'
import { Choices } from '../../components/Choices'
import { FormMessage } from '../../components/Form'
import { formatDate } from '../../lib/dates'
import { RpcError, rpc } from '../../lib/rpc'
import { money } from '../catalog/money'

/**
 * What a member changes between payments, on their membership's card: its tier or price from the next
 * period (a card membership's), a pause of 1 to 3 months from the end of the period paid (where the seller
 * allows it), and undoing either. Each answer is the membership as it now stands, shown at once.
 */
export function MembershipChanges({
  membership: m,
  listKey,
}: {
  membership: MembershipView
  listKey: readonly string[]
}) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const done = () => queryClient.invalidateQueries({ queryKey: listKey })
  const resume = useMutation({ mutationFn: () => rpc('resumeMembership', { id: m.id }), onSuccess: done })
  const undoChange = useMutation({
    mutationFn: () =>
      rpc('changeMembershipTier', {
        id: m.id,
        tierId: m.tier.id,
        interval: m.interval,
        currency: m.price.currency,
      }),
    onSuccess: done,
  })
  const from = formatDate(m.periodEnd)

  if (m.state === 'paused' && m.pause)
    return (
      <div className="notice" role="status">
        <p>
          {t`Paused until ${formatDate(m.pause.until)}: its posts open again then, and ${money(m.nextPayment?.amount ?? m.price)} is charged.`}
        </p>
        <FormMessage message={resume.isError ? errorText(resume.error) : null} />
        <button
          type="button"
          className="button secondary"
          aria-busy={resume.isPending}
          onClick={() => resume.mutate()}
        >
          <Trans>Resume now</Trans>
        </button>
      </div>
    )
  if (m.state !== 'active') return null
  return (
    <>
      {m.change ? (
        <p>
          {m.change.interval === 'month'
            ? t`From ${from}: ${m.change.tier.name}, ${money(m.change.price)} a month.`
            : t`From ${from}: ${m.change.tier.name}, ${money(m.change.price)} a year.`}{' '}
          <button type="button" className="link-button" onClick={() => undoChange.mutate()}>
            <Trans>Keep my tier</Trans>
          </button>
        </p>
      ) : null}
      {m.pause ? (
        <p>
          {t`Paused from ${formatDate(m.pause.from)} until ${formatDate(m.pause.until)}: nothing is charged meanwhile.`}{' '}
          <button type="button" className="link-button" onClick={() => resume.mutate()}>
            <Trans>Undo the pause</Trans>
          </button>
        </p>
      ) : null}
      <FormMessage
        message={
          resume.isError ? errorText(resume.error) : undoChange.isError ? errorText(undoChange.error) : null
        }
      />
      {m.pause ? null : <ChangeTier membership={m} onDone={done} />}
      {m.canPause && !m.pause ? <Pause membership={m} onDone={done} /> : null}
    </>
  )
}

function ChangeTier({ membership: m, onDone }: { membership: MembershipView; onDone: () => Promise<void> }) {
  const { t } = useLingui()
  const options = m.tiers
    .filter((tier) => !tier.full)
    .flatMap((tier) =>
      tier.prices.map((p) => ({
        value: `${tier.id}|${p.interval}|${p.price.currency}`,
        label:
          p.interval === 'month'
            ? t`${tier.name}: ${money(p.price)} a month`
            : t`${tier.name}: ${money(p.price)} a year`,
        current:
          tier.id === m.tier.id &&
          p.interval === m.interval &&
          p.price.amount === m.price.amount &&
          p.price.currency === m.price.currency,
      })),
    )
    .filter((option) => !option.current)
  const [chosen, setChosen] = useState('')
  const change = useMutation({
    mutationFn: () => {
      const [tierId = '', interval = 'month', currency = ''] = chosen.split('|')
      return rpc('changeMembershipTier', {
        id: m.id,
        tierId,
        interval: interval as 'month' | 'year',
        currency: currency as MembershipView['price']['currency'],
      })
    },
    onSuccess: onDone,
  })
  if (options.length === 0) return null
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (chosen) change.mutate()
  }
  return (
    <details>
      <summary>
        <Trans>Change tier</Trans>
      </summary>
      {m.method === 'paypal' ? (
        <p className="muted">
          <Trans>
            A PayPal membership keeps its tier for now: cancel it, and join the new tier when this period
            ends.
          </Trans>
        </p>
      ) : (
        <form className="form" onSubmit={submit}>
          <p className="muted">{t`From ${formatDate(m.periodEnd)}, with no charge before then`}</p>
          <Choices
            id={`change-${m.id}`}
            legend={<Trans>Change to</Trans>}
            name={`change-${m.id}`}
            options={options}
            value={chosen}
            onChange={setChosen}
          />
          <FormMessage message={change.isError ? errorText(change.error) : null} />
          <button type="submit" className="button secondary" disabled={!chosen} aria-busy={change.isPending}>
            <Trans>Change tier</Trans>
          </button>
        </form>
      )}
    </details>
  )
}

function Pause({ membership: m, onDone }: { membership: MembershipView; onDone: () => Promise<void> }) {
  const { t } = useLingui()
  const [months, setMonths] = useState(1)
  const pause = useMutation({
    mutationFn: () => rpc('pauseMembership', { id: m.id, months }),
    onSuccess: onDone,
  })
  const choices = [
    { value: '1', label: t`1 month` },
    { value: '2', label: t`2 months` },
    { value: '3', label: t`3 months` },
  ]
  return (
    <details>
      <summary>
        <Trans>Pause</Trans>
      </summary>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault()
          pause.mutate()
        }}
      >
        <p className="muted">
          {t`From ${formatDate(m.periodEnd)}: nothing is charged, and its posts are closed meanwhile`}
        </p>
        <Choices
          id={`pause-${m.id}`}
          legend={<Trans>For how long</Trans>}
          name={`pause-${m.id}`}
          options={choices}
          value={String(months)}
          onChange={(value) => setMonths(Number(value))}
        />
        <FormMessage message={pause.isError ? errorText(pause.error) : null} />
        <button type="submit" className="button secondary" aria-busy={pause.isPending}>
          <Trans>Pause the membership</Trans>
        </button>
      </form>
    </details>
  )
}

export const errorText = (error: unknown) => (error instanceof RpcError ? error.message : String(error))
