import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { currencies, currencyCodes } from '../../../contract/currencies'
import { Field, FormMessage, SubmitButton, text, useSubmit } from '../../components/Form'
import { formatDateTime } from '../../lib/dates'
import { rpc } from '../../lib/rpc'
import { adminQueries } from './admin.queries'

/** The exchange rates behind approximate prices in a visitor's currency (sales charge the seller's own). */
export function RatesForm() {
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
    setSaved('Rates saved. Pages show them within a minute.')
  })
  return (
    <section aria-labelledby="rates-heading">
      <h2 id="rates-heading">Exchange rates</h2>
      <p className="muted">
        What one US dollar buys. Used only for approximate prices; buyers pay in the seller's currency.
        {rates.data?.updatedAt ? ` Last changed ${formatDateTime(rates.data.updatedAt)}.` : ''}
      </p>
      {rates.isPending ? <p>Loading…</p> : null}
      {rates.data ? (
        <form onSubmit={form.onSubmit} noValidate className="form" key={rates.data.updatedAt ?? 'none'}>
          <FormMessage message={form.message} />
          <FormMessage message={saved} tone="ok" />
          {currencyCodes
            .filter((code) => code !== 'USD')
            .map((code) => (
              <Field
                key={code}
                label={`${code} (${currencies[code].name})`}
                name={code}
                inputMode="decimal"
                defaultValue={String(rates.data.perUsd[code] ?? '')}
                errors={form.errors}
                errorKeys={[`perUsd.${code}`]}
              />
            ))}
          <SubmitButton busy={form.busy} busyText="Saving…">
            Save rates
          </SubmitButton>
        </form>
      ) : null}
    </section>
  )
}
