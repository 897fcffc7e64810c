import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { type KeyboardEvent, useEffect, useId, useState } from 'react'
import { Field, FieldNotes } from '../../components/Form'
import { useOnline } from '../../lib/install'
import type { InvoiceDraft, InvoiceErrors } from './invoice-draft'
import { invoicesQueries } from './invoices.queries'

type Client = InvoiceDraft['client']

/** A value that settles `ms` after its last change: the suggestions are asked once the typing pauses. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

/**
 * Who the invoice is for: the name, with suggestions of people the seller billed or sold to as they type
 * (an ARIA combobox: ↓ ↑ move, Enter picks, Escape closes; a pick fills the e-mail and phone too), or any
 * name typed freely; then the e-mail and phone the invoice goes to.
 */
export function ClientFields({
  client,
  onChange,
  errors,
}: {
  client: Client
  onChange: (patch: Partial<Client>) => void
  errors: InvoiceErrors
}) {
  const { t } = useLingui()
  const id = useId()
  const listId = `${id}-list`
  const online = useOnline()
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const query = useSettled(client.name.trim(), 250)
  const suggestions = useQuery({
    ...invoicesQueries.clients(query),
    enabled: open && online && query.length > 0,
  })
  // Only people other than the one already written in full.
  const options = (open && query.length > 0 ? (suggestions.data ?? []) : []).filter(
    (c) => !(c.name === client.name && (c.email ?? '') === client.email),
  )
  const count = options.length
  const shown = count > 0
  const pick = (picked: (typeof options)[number]) => {
    onChange({
      name: picked.name,
      email: picked.email ?? '',
      phone: picked.phone ? `+${picked.phone.replace(/^\+/, '')}` : '',
    })
    setOpen(false)
    setActive(-1)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && shown) {
      event.preventDefault()
      setOpen(false)
      return
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) setOpen(true)
      if (!shown) return
      // -1 is the input itself: moving past either end comes back to it.
      const last = options.length - 1
      setActive((at) => (event.key === 'ArrowDown' ? (at >= last ? -1 : at + 1) : at <= -1 ? last : at - 1))
      return
    }
    const chosen = options[active]
    if (event.key === 'Enter' && shown && chosen) {
      event.preventDefault()
      pick(chosen)
    }
  }
  const nameError = errors['invoice.client.name']
  const describedBy = [nameError ? `${id}-error` : '', `${id}-hint`].filter(Boolean).join(' ')
  return (
    <fieldset className="fieldset">
      <legend>{t`Client`}</legend>
      <div className="field combobox">
        <label htmlFor={id}>{t`Name`}</label>
        <input
          id={id}
          name="invoice.client.name"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          maxLength={120}
          value={client.name}
          onChange={(event) => {
            onChange({ name: event.target.value })
            setOpen(true)
            setActive(-1)
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
        <div
          id={listId}
          role="listbox"
          aria-label={t`Clients you have billed`}
          className="combobox-list"
          hidden={!shown}
        >
          {options.map((option, i) => (
            <div
              key={`${option.name}|${option.email ?? ''}|${option.phone ?? ''}`}
              id={`${listId}-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              // Chosen before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault()
                pick(option)
              }}
            >
              <strong>{option.name}</strong>
              <span className="muted">
                {[option.email, option.phone && `+${option.phone}`].filter(Boolean).join(' · ')}
              </span>
            </div>
          ))}
        </div>
        <FieldNotes
          id={id}
          hint={t`A client you billed before is suggested as you type; or write any name.`}
          error={nameError}
        />
        <p className="visually-hidden" role="status">
          {shown
            ? t`${plural(count, { one: '# suggestion: use the arrow keys', other: '# suggestions: use the arrow keys' })}`
            : ''}
        </p>
      </div>
      <Field
        label={t`E-mail`}
        name="invoice.client.email"
        type="email"
        inputMode="email"
        autoComplete="off"
        maxLength={254}
        value={client.email}
        onChange={(event) => onChange({ email: event.target.value })}
        errors={errors}
        hint={t`The invoice and its pay link are mailed here.`}
      />
      <Field
        label={t`Phone (optional)`}
        name="invoice.client.phone"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        value={client.phone}
        onChange={(event) => onChange({ phone: event.target.value })}
        errors={errors}
        hint={t`For the link by SMS: 07XX XXX XXX, or +234 803 123 4567.`}
      />
    </fieldset>
  )
}
