import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { currencyCodes } from '../../../contract/currencies'
import { Field, FormMessage, SubmitButton, text, useSubmit } from '../../components/Form'
import { currencyName } from '../../lib/currency-name'
import { formatDateTime } from '../../lib/dates'
import { rpc } from '../../lib/rpc'
import { adminQueries } from './admin.queries'

/** The exchange rates behind approximate prices in a visitor's currency (sales charge the seller's own). */
export function RatesForm() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const rates = useQuery(adminQueries.rates())
  const [saved, setSaved] = useState<string | null>(null)
  const form = useSubmit(async (data) => {
    setSaved(null)
    const perUsd = Object.fromEntries(
      currencyCodes
        .filter((code) => code !== 'USD' && text(data, code) !== '')
        .map((code) => [code, Number(text(data, code).replace(',', '.'))]),
    )
    await rpc('setRates', { perUsd })
    await queryClient.invalidateQueries({ queryKey: adminQueries.rates().queryKey })
    setSaved(t`Rates saved. Pages show them within a minute.`)
  })
  const changed = rates.data?.updatedAt ? formatDateTime(rates.data.updatedAt) : ''
  return (
    <section aria-labelledby="rates-heading">
      <h2 id="rates-heading">
        <Trans>Exchange rates</Trans>
      </h2>
      <p className="muted">
        <Trans>
          What one US dollar buys. Used only for approximate prices; buyers pay in the seller's currency.
        </Trans>
        {changed ? ` ${t`Last changed ${changed}.`}` : ''}
      </p>
      {rates.isPending ? (
        <p>
          <Trans>Loading…</Trans>
        </p>
      ) : null}
      {rates.data ? (
        <form onSubmit={form.onSubmit} noValidate className="form" key={rates.data.updatedAt ?? 'none'}>
          <FormMessage message={form.message} />
          <FormMessage message={saved} tone="ok" />
          {currencyCodes
            .filter((code) => code !== 'USD')
            .map((code) => (
              <Field
                key={code}
                label={`${code} (${currencyName(code)})`}
                name={code}
                inputMode="decimal"
                defaultValue={String(rates.data.perUsd[code] ?? '')}
                errors={form.errors}
                errorKeys={[`perUsd.${code}`]}
              />
            ))}
          <SubmitButton busy={form.busy} busyText={t`Saving…`}>
            <Trans>Save rates</Trans>
          </SubmitButton>
        </form>
      ) : null}
    </section>
  )
}
