import { t } from '@lingui/core/macro'
import { Link } from '@tanstack/react-router'
import {
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from 'react'
import { CONTACT_PAGE } from '../../contract/contact-page'
import { useHydrated } from '../lib/hydration'
import { translateCode } from '../lib/i18n'
import { RpcError } from '../lib/rpc'

export type FieldErrors = Record<string, string>

export interface FormState {
  busy: boolean
  /** The message above the form: what went wrong as a whole. */
  message: string | null
  errors: FieldErrors
}

/**
 * Runs a form's submit: one request at a time, the server's messages shown per field (400) or above the
 * form (anything else). The server's validation is the one that counts, so its words are the ones shown.
 */
export function useSubmit(action: (data: FormData) => Promise<void>) {
  const [state, setState] = useState<FormState>({ busy: false, message: null, errors: {} })
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (state.busy) return
    const form = event.currentTarget
    setState({ busy: true, message: null, errors: {} })
    try {
      // The button pressed is part of what was sent (Approve or Reject in one form).
      const submitter = (event.nativeEvent as SubmitEvent).submitter
      await action(new FormData(form, submitter))
      setState({ busy: false, message: null, errors: {} })
    } catch (error) {
      const next = errorState(error)
      setState(next)
      // Focus the first field with a message, so keyboard and screen-reader users land on it.
      const first = Object.keys(next.errors)[0]
      const target = first ? form.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`) : null
      ;(target ?? form.querySelector<HTMLElement>('[role="alert"]'))?.focus()
    }
  }
  return { ...state, onSubmit, setState }
}

/**
 * A field's message in the page's language: the server's come translated already; one the app checked
 * itself (the contract's English) is found by its English.
 */
function shown(message: string | undefined): string | undefined {
  return message && translateCode(undefined, undefined, message)
}

export function errorState(error: unknown): FormState {
  if (error instanceof RpcError) {
    const fields = Object.keys(error.errors).length
    return {
      busy: false,
      errors: error.errors,
      message: fields > 0 && error.status === 400 ? t`Check the fields marked below.` : error.message,
    }
  }
  console.error(error)
  return { busy: false, errors: {}, message: t`Something went wrong. Try again.` }
}

export function FormMessage({ message, tone = 'error' }: { message: string | null; tone?: 'error' | 'ok' }) {
  if (!message) return null
  return (
    <p
      className={`form-message form-message-${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      tabIndex={-1}
    >
      <WithContactLink text={message} />
    </p>
  )
}

/** A server's message, with its words for the contact page (CONTACT_PAGE) as a link to it. */
function WithContactLink({ text }: { text: string }) {
  const at = text.indexOf(CONTACT_PAGE.words)
  if (at < 0) return text
  return (
    <>
      {text.slice(0, at)}
      <Link to={CONTACT_PAGE.path}>{CONTACT_PAGE.words}</Link>
      {text.slice(at + CONTACT_PAGE.words.length)}
    </>
  )
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string
  name: string
  errors?: FieldErrors
  hint?: ReactNode
  /** Server error keys that belong to this field besides its name (e.g. `payoutMethod.phone`). */
  errorKeys?: string[]
  /** Its error is said as it appears (a check while typing), not only when the field is read. */
  alert?: boolean
}

function describedBy(id: string, hint: ReactNode, error: string | undefined): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
}

/**
 * A field's hint and error, with the ids its control points at through aria-describedby. `alert`: the error
 * is announced as it appears, for checks made while the person types rather than after a submit.
 */
export function FieldNotes({
  id,
  hint,
  error,
  alert,
}: {
  id: string
  hint?: ReactNode
  error?: ReactNode
  alert?: boolean | undefined
}) {
  return (
    <>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`} role={alert ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
    </>
  )
}

export function Field({ label, name, errors = {}, hint, errorKeys = [], alert, ...input }: FieldProps) {
  const id = useId()
  const error = shown([name, ...errorKeys].map((key) => errors[key]).find(Boolean))
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
      <FieldNotes id={id} hint={hint} error={error} alert={alert} />
    </div>
  )
}

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string
  name: string
  errors?: FieldErrors
  hint?: ReactNode
}

export function TextAreaField({ label, name, errors = {}, hint, ...textarea }: TextAreaProps) {
  const id = useId()
  const error = shown(errors[name])
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...textarea}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  )
}

interface SelectProps {
  label: string
  name: string
  options: { value: string; label: string }[]
  errors?: FieldErrors
  defaultValue?: string
  value?: string
  onChange?: (value: string) => void
  hint?: ReactNode
}

export function SelectField({ label, name, options, errors = {}, hint, onChange, ...rest }: SelectProps) {
  const id = useId()
  const error = shown(errors[name])
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={onChange ? (e) => onChange(e.target.value) : undefined}
        {...rest}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  )
}

export function SubmitButton({
  busy,
  children,
  busyText,
  className = 'button',
  posts = false,
}: {
  busy: boolean
  children: ReactNode
  busyText: string
  /** `button danger` for an action that takes something away. */
  className?: string
  /** The form posts to the server, which answers it without script: it may be sent before the app runs. */
  posts?: boolean
}) {
  // In HTML the server or the build rendered, a form the server does not answer works once the app has
  // taken the page over: a submit before that would send it as a GET, the password in the address.
  const hydrated = useHydrated()
  return (
    <button type="submit" className={className} disabled={busy || (!hydrated && !posts)} aria-busy={busy}>
      {busy ? busyText : children}
    </button>
  )
}

/** A string from a FormData, trimmed; absent fields are ''. */
export function text(data: FormData, name: string): string {
  const value = data.get(name)
  return typeof value === 'string' ? value.trim() : ''
}

/**
 * One radio choice drawn as a tile (a payment method, a destination, a time): the control beside its label,
 * the whole tile pressable. `tile` is the look: `choice` (default) or `slot` (a time in a day's list).
 */
export function Choice({
  name,
  value,
  checked,
  disabled,
  onChoose,
  tile = 'choice',
  children,
}: {
  name: string
  value: string
  checked: boolean
  disabled?: boolean | undefined
  onChoose: () => void
  tile?: 'choice' | 'slot'
  children: ReactNode
}) {
  return (
    <label className={tile === 'choice' ? 'field-check choice' : 'slot'}>
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={onChoose}
      />
      {children}
    </label>
  )
}
