import type { MessageDescriptor } from '@lingui/core'
import { msg, plural, t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { type CurrencyCode, currencies, currencyCodes } from '../../../contract/currencies'
import type { PlatformTerms } from '../../../contract/platform-terms.contract'
import { errorState, Field, type FieldErrors, FormMessage, SelectField } from '../../components/Form'
import { currencyName } from '../../lib/currency-name'
import { formatDateTime } from '../../lib/dates'
import { formatMoney, majorText, toMinor } from '../../lib/money'
import { rpc } from '../../lib/rpc'
import { AdminShell } from './AdminShell'
import { adminQueries } from './admin.queries'
import { RatesForm } from './RatesForm'

type PerCurrency =
  | 'saleFeeFixed'
  | 'minPrice'
  | 'maxPrice'
  | 'payoutMinimum'
  | 'payoutMaximum'
  | 'payoutDaily'
  | 'approvalOver'
  | 'recoverySms'

const PER_CURRENCY: { key: PerCurrency; label: MessageDescriptor; hint: MessageDescriptor }[] = [
  { key: 'saleFeeFixed', label: msg`Fixed fee per sale`, hint: msg`Added to the percentage; 0 for none.` },
  { key: 'minPrice', label: msg`Lowest price`, hint: msg`A product costs at least this, unless it is free.` },
  { key: 'maxPrice', label: msg`Highest price`, hint: msg`A product costs at most this.` },
  { key: 'payoutMinimum', label: msg`Least payout`, hint: msg`A seller withdraws at least this.` },
  { key: 'payoutMaximum', label: msg`Largest payout`, hint: msg`One payout is at most this.` },
  { key: 'payoutDaily', label: msg`Payouts a day`, hint: msg`A seller’s payouts in 24 hours, together.` },
  {
    key: 'approvalOver',
    label: msg`Approve payouts over`,
    hint: msg`Larger payouts, and every seller’s first, wait for an admin.`,
  },
  {
    key: 'recoverySms',
    label: msg`Reminder SMS price`,
    hint: msg`What a seller pays for each SMS reminding a buyer of an unpaid checkout.`,
  },
]

/** The form's text for each figure: percentages as `5` or `2.5`, amounts in major units. */
type Draft = Record<string, string>

const percentText = (bps: number) => String(bps / 100)

function draftOf(terms: PlatformTerms): Draft {
  const draft: Draft = {
    saleFeeBps: percentText(terms.saleFeeBps),
    holdDays: String(terms.holdDays),
    instantFeeBps: percentText(terms.instantFeeBps),
  }
  for (const { key } of PER_CURRENCY)
    for (const code of currencyCodes) draft[`${key}.${code}`] = majorText(terms[key][code], code)
  return draft
}

/** The draft as terms, or the fields that are not numbers (on submit: the language is set). */
function termsOf(draft: Draft): { terms: PlatformTerms } | { errors: FieldErrors } {
  const errors: FieldErrors = {}
  const percent = (name: string) => {
    const value = (draft[name] ?? '').replace(',', '.').replace('%', '').trim()
    if (!/^\d{1,3}(\.\d{1,2})?$/.test(value)) {
      errors[name] = t`Give a percentage like 5 or 2.5`
      return 0
    }
    return Math.round(Number(value) * 100)
  }
  const days = (draft.holdDays ?? '').trim()
  if (!/^\d{1,3}$/.test(days)) errors.holdDays = t`Give a whole number of days`
  const amounts = (key: PerCurrency) =>
    Object.fromEntries(
      currencyCodes.map((code) => {
        const name = `${key}.${code}`
        const minor = toMinor(draft[name] ?? '', code)
        const example = majorText(150000, code)
        if (minor === null) errors[name] = t`Give an amount in ${code}, like ${example}`
        return [code, minor ?? 0]
      }),
    ) as Record<CurrencyCode, number>
  const terms: PlatformTerms = {
    saleFeeBps: percent('saleFeeBps'),
    holdDays: Number(days),
    instantFeeBps: percent('instantFeeBps'),
    saleFeeFixed: amounts('saleFeeFixed'),
    payoutMinimum: amounts('payoutMinimum'),
    payoutMaximum: amounts('payoutMaximum'),
    payoutDaily: amounts('payoutDaily'),
    approvalOver: amounts('approvalOver'),
    minPrice: amounts('minPrice'),
    maxPrice: amounts('maxPrice'),
    recoverySms: amounts('recoverySms'),
  }
  return Object.keys(errors).length ? { errors } : { terms }
}

/** /admin/settings: the platform's fees, hold and payout figures, and the exchange rates. */
export function SettingsPage() {
  const { t } = useLingui()
  const terms = useQuery(adminQueries.terms())
  const reason = terms.error?.message
  return (
    <AdminShell
      title={t`Settings`}
      lead={t`What Soko charges and how money goes out. A change applies to orders placed from now on; orders already placed keep their fee and hold.`}
    >
      {terms.isPending ? (
        <p role="status">
          <Trans>Loading the settings…</Trans>
        </p>
      ) : null}
      {terms.isError ? (
        <p role="alert">
          <Trans>The settings could not be loaded: {reason}</Trans>
        </p>
      ) : null}
      {terms.data ? (
        // Not keyed by updatedAt: after a save the form stays as it is, with "Saved" where the admin looks.
        <TermsForm terms={terms.data.terms} defaults={terms.data.defaults} updatedAt={terms.data.updatedAt} />
      ) : null}
      <RatesForm />
    </AdminShell>
  )
}

function TermsForm({
  terms,
  defaults,
  updatedAt,
}: {
  terms: PlatformTerms
  defaults: PlatformTerms
  updatedAt: string | null
}) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState<Draft>(() => draftOf(terms))
  const [currency, setCurrency] = useState<CurrencyCode>('KES')
  const [state, setState] = useState<{ busy: boolean; message: string | null; errors: FieldErrors }>({
    busy: false,
    message: null,
    errors: {},
  })
  const [saved, setSaved] = useState<string | null>(null)
  const bind = (name: string) => ({
    name,
    value: draft[name] ?? '',
    onChange: (e: { currentTarget: HTMLInputElement }) => {
      const value = e.currentTarget.value
      setDraft((d) => ({ ...d, [name]: value }))
      // "Saved" no longer holds once a figure is changed again.
      setSaved(null)
    },
    errors: state.errors,
  })
  const showErrors = (errors: FieldErrors, message: string) => {
    setState({ busy: false, message, errors })
    // A figure of another currency than the one shown: show that currency.
    const other = Object.keys(errors)
      .map((k) => k.split('.')[1])
      .find((c): c is CurrencyCode => !!c && c in currencies)
    if (other) setCurrency(other)
  }
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (state.busy) return
    setSaved(null)
    const parsed = termsOf(draft)
    if ('errors' in parsed) return showErrors(parsed.errors, t`Check the fields marked below.`)
    setState({ busy: true, message: null, errors: {} })
    try {
      const answer = await rpc('updatePlatformTerms', { terms: parsed.terms })
      setState({ busy: false, message: null, errors: {} })
      // The figures as the server keeps them (`2.50` reads `2.5`).
      setDraft(draftOf(answer.terms))
      const n = answer.changed.length
      setSaved(
        n === 0
          ? t`Saved: nothing was different.`
          : t`${plural(n, {
              one: 'Saved # change: new orders and payouts use it now.',
              other: 'Saved # changes: new orders and payouts use them now.',
            })}`,
      )
      // "Last changed" and the audit log.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueries.terms().queryKey }),
        queryClient.invalidateQueries({ queryKey: [...adminQueries.all(), 'audit'] }),
      ])
    } catch (error) {
      const next = errorState(error)
      const errors = Object.fromEntries(
        Object.entries(next.errors).map(([key, value]) => [key.replace(/^terms\./, ''), value]),
      )
      showErrors(errors, next.message ?? t`The settings were not saved.`)
    }
  }
  const defaultPercent = (key: 'saleFeeBps' | 'instantFeeBps') => {
    const percent = percentText(defaults[key])
    return t`Default ${percent}%.`
  }
  const changed = updatedAt ? formatDateTime(updatedAt) : ''
  const saleFeeDefault = defaultPercent('saleFeeBps')
  const instantFeeDefault = defaultPercent('instantFeeBps')
  const holdDays = defaults.holdDays
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="form admin-terms">
      <p className="muted">{changed ? t`Last changed ${changed}.` : t`These are Soko’s defaults.`}</p>
      <FormMessage message={state.message} />
      <fieldset>
        <legend>
          <Trans>Sales</Trans>
        </legend>
        <Field label={t`Soko’s fee (%)`} inputMode="decimal" hint={saleFeeDefault} {...bind('saleFeeBps')} />
        <Field
          label={t`Hold before earnings can be withdrawn (days)`}
          inputMode="numeric"
          hint={t`${plural(holdDays, { one: 'Default # day.', other: 'Default # days.' })}`}
          {...bind('holdDays')}
        />
      </fieldset>
      <fieldset>
        <legend>
          <Trans>Payouts</Trans>
        </legend>
        <Field
          label={t`Instant payout fee (%)`}
          inputMode="decimal"
          hint={instantFeeDefault}
          {...bind('instantFeeBps')}
        />
      </fieldset>
      <fieldset>
        <legend>
          <Trans>Per currency</Trans>
        </legend>
        <SelectField
          label={t`Currency`}
          name="currency"
          value={currency}
          onChange={(value) => setCurrency(value as CurrencyCode)}
          options={currencyCodes.map((code) => ({
            value: code,
            label: `${code} (${currencyName(code)})`,
          }))}
        />
        {PER_CURRENCY.map(({ key, label, hint }) => {
          const figure = formatMoney(defaults[key][currency], currency)
          return (
            <Field
              key={`${key}.${currency}`}
              label={`${t(label)} (${currency})`}
              inputMode="decimal"
              hint={`${t(hint)} ${t`Default ${figure}.`}`}
              {...bind(`${key}.${currency}`)}
            />
          )
        })}
      </fieldset>
      <div className="actions">
        <button type="submit" className="button" disabled={state.busy} aria-busy={state.busy}>
          {state.busy ? t`Saving…` : t`Save settings`}
        </button>
        {/* Next to the button: where the admin is looking when the answer comes. */}
        <p className="form-saved" role="status">
          {saved}
        </p>
      </div>
    </form>
  )
}
