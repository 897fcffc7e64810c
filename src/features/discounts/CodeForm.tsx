import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { CurrencyCode } from '../../../contract/currencies'
import { zonedToIso } from '../../../contract/zoned-time'
import { Choice, errorState, Field, FormMessage, text } from '../../components/Form'
import { toMinor } from '../../lib/money'
import { rpc } from '../../lib/rpc'
import { accountsQueries } from '../accounts/accounts.queries'
import { catalogQueries } from '../catalog/catalog.queries'
import { discountsQueries } from './discounts.queries'

type Kind = 'percent' | 'amount'

/** Whole numbers typed in a field, or undefined when left empty. */
const whole = (value: string) => (value.trim() ? Number(value.trim()) : undefined)

/**
 * A new code's form: its name, a percentage or an amount in the seller's currency, the products (all, or
 * those ticked), when it works (in the seller's time zone) and its limits.
 */
export function CodeForm() {
  const { t } = useLingui()
  const id = useId()
  const queryClient = useQueryClient()
  const settings = useQuery(accountsQueries.settings())
  const products = useQuery(catalogQueries.myProducts())
  const currency: CurrencyCode = settings.data?.user?.currency ?? 'KES'
  const timeZone = settings.data?.user?.timeZone ?? 'Africa/Nairobi'
  const [kind, setKind] = useState<Kind>('percent')
  const [some, setSome] = useState(false)
  const make = useMutation({
    mutationFn: (data: FormData) => {
      const at = (name: string) => {
        const local = text(data, name)
        return local ? (zonedToIso(local, timeZone) ?? local) : undefined
      }
      const amount = (name: string) => {
        const minor = text(data, name) ? toMinor(text(data, name), currency) : null
        return minor === null ? undefined : [{ amount: minor, currency }]
      }
      const percent = text(data, 'percent')
      const input = {
        code: text(data, 'code'),
        kind,
        ...(kind === 'percent' && percent ? { percentBps: Math.round(Number(percent) * 100) } : {}),
        ...(kind === 'amount' ? { amounts: amount('amount') ?? [] } : {}),
        ...(some ? { productIds: data.getAll('productIds').map(String) } : {}),
        ...(at('startsAt') ? { startsAt: at('startsAt') } : {}),
        ...(at('endsAt') ? { endsAt: at('endsAt') } : {}),
        ...(whole(text(data, 'maxUses')) !== undefined ? { maxUses: whole(text(data, 'maxUses')) } : {}),
        ...(whole(text(data, 'maxPerBuyer')) !== undefined
          ? { maxPerBuyer: whole(text(data, 'maxPerBuyer')) }
          : {}),
        ...(amount('minimum') ? { minimums: amount('minimum') } : {}),
      }
      return rpc('createDiscountCode', input as never)
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: discountsQueries.all() }),
  })
  const failed = make.isError ? errorState(make.error) : null
  const errors = failed?.errors ?? {}
  return (
    <section aria-labelledby={`${id}-heading`} className="card code-form">
      <h2 id={`${id}-heading`}>
        <Trans>Make a code</Trans>
      </h2>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          const form = event.currentTarget
          make.mutate(new FormData(form), {
            onSuccess: () => {
              form.reset()
              setSome(false)
            },
          })
        }}
      >
        <Field
          label={t`Code`}
          name="code"
          hint={t`What buyers type: 3 to 32 letters, digits, dashes or underscores, like NAIROBI20.`}
          maxLength={32}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          errors={errors}
        />
        <fieldset className="fieldset">
          <legend>
            <Trans>What it takes off</Trans>
          </legend>
          <div className="choices">
            <Choice
              name="kind"
              value="percent"
              checked={kind === 'percent'}
              onChoose={() => setKind('percent')}
            >
              <Trans>A percentage</Trans>
            </Choice>
            <Choice name="kind" value="amount" checked={kind === 'amount'} onChoose={() => setKind('amount')}>
              <Trans>An amount</Trans>
            </Choice>
          </div>
          {kind === 'percent' ? (
            <Field
              label={t`Percent off`}
              name="percent"
              inputMode="decimal"
              hint={t`From 0.01 to 100. 100 makes the order free.`}
              errors={errors}
              errorKeys={['percentBps']}
            />
          ) : (
            <Field
              label={t`Amount off in ${currency}`}
              name="amount"
              inputMode="decimal"
              errors={errors}
              errorKeys={['amounts']}
            />
          )}
        </fieldset>
        <fieldset className="fieldset">
          <legend>
            <Trans>For which products</Trans>
          </legend>
          <div className="choices">
            <Choice name="for" value="all" checked={!some} onChoose={() => setSome(false)}>
              <Trans>All my products</Trans>
            </Choice>
            <Choice name="for" value="some" checked={some} onChoose={() => setSome(true)}>
              <Trans>Only these</Trans>
            </Choice>
          </div>
          {some
            ? (products.data?.products ?? []).map((product) => (
                <label key={product.id} className="field-check">
                  <input type="checkbox" name="productIds" value={product.id} /> {product.title}
                </label>
              ))
            : null}
          {errors.productIds ? (
            <p className="field-error" role="alert">
              {errors.productIds}
            </p>
          ) : null}
        </fieldset>
        <Field
          label={t`Starts (optional)`}
          name="startsAt"
          type="datetime-local"
          hint={t`In your time zone, ${timeZone}. Empty: at once.`}
          errors={errors}
        />
        <Field label={t`Ends (optional)`} name="endsAt" type="datetime-local" errors={errors} />
        <Field
          label={t`Uses in all (optional)`}
          name="maxUses"
          inputMode="numeric"
          hint={t`The first buyers get it; then it says it is used up.`}
          errors={errors}
        />
        <Field label={t`Uses per buyer (optional)`} name="maxPerBuyer" inputMode="numeric" errors={errors} />
        <Field
          label={t`Least order in ${currency} (optional)`}
          name="minimum"
          inputMode="decimal"
          errors={errors}
          errorKeys={['minimums']}
        />
        <FormMessage message={failed?.message ?? null} />
        <button type="submit" className="button" disabled={make.isPending} aria-busy={make.isPending}>
          {make.isPending ? t`Making the code…` : t`Make the code`}
        </button>
      </form>
    </section>
  )
}
