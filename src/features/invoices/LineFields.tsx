import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { CurrencyCode } from '../../../contract/currencies'
import { lineTotal } from '../../../contract/invoice-totals'
import { INVOICE_MAX_LINES, INVOICE_MAX_TAXES } from '../../../contract/invoices.constants'
import { Field, FieldNotes, SelectField } from '../../components/Form'
import { formatMoney } from '../../lib/money'
import {
  type AdjustmentDraft,
  amountOf,
  BLANK_LINE,
  blankTax,
  type InvoiceErrors,
  type LineDraft,
  quantityOf,
  type TaxDraft,
} from './invoice-draft'

/** A group's own message (`invoice.lines`), which the server may give besides its rows'. */
function GroupError({ id, error }: { id: string; error: string | undefined }) {
  return <FieldNotes id={id} error={error} />
}

/**
 * The invoice's lines: what, how many, at what price each, with the line's amount as the seller types.
 * Lines are added at the end and removed by their own button ("Remove line 2"); the first field of a new
 * line takes the focus.
 */
export function LineFields({
  lines,
  currency,
  errors,
  onChange,
}: {
  lines: LineDraft[]
  currency: CurrencyCode
  errors: InvoiceErrors
  onChange: (lines: LineDraft[]) => void
}) {
  const { t } = useLingui()
  const id = useId()
  const set = (i: number, patch: Partial<LineDraft>) =>
    onChange(lines.map((line, j) => (j === i ? { ...line, ...patch } : line)))
  const add = () => {
    onChange([...lines, { ...BLANK_LINE }])
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`[name="invoice.lines.${lines.length}.description"]`)?.focus(),
    )
  }
  return (
    <fieldset
      className="fieldset invoice-rows"
      data-name="invoice.lines"
      tabIndex={-1}
      aria-describedby={errors['invoice.lines'] ? `${id}-error` : undefined}
    >
      <legend>{t`Lines`}</legend>
      <GroupError id={id} error={errors['invoice.lines']} />
      {lines.map((line, i) => {
        const key = `invoice.lines.${i}`
        const n = i + 1
        const quantityMilli = quantityOf(line.quantity)
        const unitPrice = amountOf(line.unitPrice, currency)
        const amount =
          quantityMilli !== null && unitPrice !== null ? lineTotal({ quantityMilli, unitPrice }) : null
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a line has no identity until the invoice is saved
          <fieldset key={i} className="invoice-line">
            <legend className="visually-hidden">{t`Line ${n}`}</legend>
            <Field
              label={t`Description`}
              name={`${key}.description`}
              value={line.description}
              maxLength={500}
              onChange={(e) => set(i, { description: e.target.value })}
              errors={errors}
            />
            <Field
              label={t`Quantity`}
              name={`${key}.quantityMilli`}
              inputMode="decimal"
              autoComplete="off"
              value={line.quantity}
              onChange={(e) => set(i, { quantity: e.target.value })}
              errors={errors}
            />
            <Field
              label={t`Unit price (${currency})`}
              name={`${key}.unitPrice`}
              inputMode="decimal"
              autoComplete="off"
              placeholder="1,500.50"
              value={line.unitPrice}
              onChange={(e) => set(i, { unitPrice: e.target.value })}
              errors={errors}
            />
            <div className="line-end">
              {lines.length > 1 ? (
                <button
                  type="button"
                  className="link-button danger"
                  onClick={() => onChange(lines.filter((_, j) => j !== i))}
                >
                  <Trans>
                    Remove<span className="visually-hidden"> line {n}</span>
                  </Trans>
                </button>
              ) : null}
              <p className="line-amount">
                <span className="muted">{t`Amount`} </span>
                <span data-testid="line-amount">{amount === null ? '—' : formatMoney(amount, currency)}</span>
              </p>
            </div>
          </fieldset>
        )
      })}
      {lines.length < INVOICE_MAX_LINES ? (
        <button type="button" className="button secondary" onClick={add}>
          <Trans>Add a line</Trans>
        </button>
      ) : null}
    </fieldset>
  )
}

/** Tax lines (VAT 16 %…): each added on top of the prices, or already included in them. */
export function TaxFields({
  taxes,
  currency,
  errors,
  onChange,
}: {
  taxes: TaxDraft[]
  currency: CurrencyCode
  errors: InvoiceErrors
  onChange: (taxes: TaxDraft[]) => void
}) {
  const { t } = useLingui()
  const id = useId()
  const set = (i: number, patch: Partial<TaxDraft>) =>
    onChange(taxes.map((tax, j) => (j === i ? { ...tax, ...patch } : tax)))
  const add = () => {
    onChange([...taxes, blankTax(currency)])
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`[name="invoice.taxes.${taxes.length}.name"]`)?.focus(),
    )
  }
  return (
    <fieldset
      className="fieldset invoice-rows"
      data-name="invoice.taxes"
      tabIndex={-1}
      aria-describedby={errors['invoice.taxes'] ? `${id}-error` : undefined}
    >
      <legend>{t`Taxes`}</legend>
      <GroupError id={id} error={errors['invoice.taxes']} />
      {taxes.length === 0 ? <p className="muted">{t`No tax on this invoice.`}</p> : null}
      {taxes.map((tax, i) => {
        const key = `invoice.taxes.${i}`
        const n = i + 1
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a tax line has no identity of its own
          <fieldset key={i} className="invoice-line invoice-tax">
            <legend className="visually-hidden">{t`Tax ${n}`}</legend>
            <Field
              label={t`Tax name`}
              name={`${key}.name`}
              value={tax.name}
              maxLength={40}
              onChange={(e) => set(i, { name: e.target.value })}
              errors={errors}
            />
            <Field
              label={t`Rate (%)`}
              name={`${key}.rateBps`}
              inputMode="decimal"
              autoComplete="off"
              value={tax.rate}
              onChange={(e) => set(i, { rate: e.target.value })}
              errors={errors}
            />
            <div className="line-end">
              <label className="field-check">
                <input
                  type="checkbox"
                  name={`${key}.inclusive`}
                  checked={tax.inclusive}
                  onChange={(e) => set(i, { inclusive: e.target.checked })}
                />
                <Trans>Already included in the prices</Trans>
              </label>
              <button
                type="button"
                className="link-button danger"
                onClick={() => onChange(taxes.filter((_, j) => j !== i))}
              >
                <Trans>
                  Remove<span className="visually-hidden"> tax {n}</span>
                </Trans>
              </button>
            </div>
          </fieldset>
        )
      })}
      {taxes.length < INVOICE_MAX_TAXES ? (
        <button type="button" className="button secondary" onClick={add}>
          <Trans>Add a tax</Trans>
        </button>
      ) : null}
    </fieldset>
  )
}

const KINDS = [
  { value: 'none', label: msg`None` },
  { value: 'percent', label: msg`A percentage` },
  { value: 'amount', label: msg`An amount` },
]

/**
 * A discount or a deposit: none, a percentage, or an amount in the invoice's currency — a choice and its
 * value side by side, so the form stays short on a phone.
 */
export function AdjustmentField({
  legend,
  name,
  value,
  currency,
  hint,
  errors,
  onChange,
}: {
  legend: string
  /** `invoice.discount` or `invoice.deposit`, as the server names them. */
  name: string
  value: AdjustmentDraft
  currency: CurrencyCode
  hint: string
  errors: InvoiceErrors
  onChange: (value: AdjustmentDraft) => void
}) {
  const { t } = useLingui()
  const id = useId()
  const valueName = `${name}.${value.kind === 'percent' ? 'bps' : 'amount'}`
  return (
    <fieldset className="fieldset" data-name={name} tabIndex={-1} aria-describedby={`${id}-hint`}>
      <legend>{legend}</legend>
      <div className="adjustment">
        <SelectField
          label={t`${legend} as`}
          name={`${name}.kind`}
          value={value.kind}
          options={KINDS.map((kind) => ({ value: kind.value, label: t(kind.label) }))}
          onChange={(kind) =>
            onChange({ kind: kind as AdjustmentDraft['kind'], value: kind === value.kind ? value.value : '' })
          }
        />
        {value.kind === 'none' ? null : (
          <Field
            label={value.kind === 'percent' ? `${legend} (%)` : `${legend} (${currency})`}
            name={valueName}
            inputMode="decimal"
            autoComplete="off"
            value={value.value}
            onChange={(e) => onChange({ ...value, value: e.target.value })}
            errors={errors}
            errorKeys={[name, `${name}.kind`]}
          />
        )}
      </div>
      <FieldNotes id={id} hint={hint} error={value.kind === 'none' ? errors[name] : undefined} />
    </fieldset>
  )
}
