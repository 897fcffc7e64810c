import { escapeHtml } from '../../lib/html'

/** The parts of a plain form, written as the app's own fields are (same classes, same labels and notes). */

let fieldCount = 0
/** An id for a field's label to name, unique within the page. */
function nextId(name: string): string {
  fieldCount = (fieldCount + 1) % 1e6
  return `f-${name.replace(/[^a-zA-Z0-9_-]/g, '-')}-${fieldCount}`
}

const attr = (name: string, value: string | number | boolean | undefined | null) =>
  value === undefined || value === null || value === false
    ? ''
    : value === true
      ? ` ${name}`
      : ` ${name}="${escapeHtml(String(value))}"`

function notes(id: string, hint: string | undefined, error: string | undefined): string {
  return (
    (hint ? `<p class="field-hint" id="${id}-hint">${escapeHtml(hint)}</p>` : '') +
    (error ? `<p class="field-error" id="${id}-error">${escapeHtml(error)}</p>` : '')
  )
}

const describedBy = (id: string, hint?: string, error?: string) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined

export interface InputOptions {
  label: string
  name: string
  value?: string | undefined
  type?: string
  error?: string | undefined
  hint?: string | undefined
  autocomplete?: string
  /** `characters` for codes typed on a phone's keyboard. */
  autocapitalize?: string
  /** The one field a page is for (the door's code), ready to type into when the page opens. */
  autofocus?: boolean
  inputmode?: string
  required?: boolean
  min?: number
  max?: number
  step?: string
}

export function input(o: InputOptions): string {
  const id = nextId(o.name)
  return `<div class="field"><label for="${id}">${escapeHtml(o.label)}</label><input id="${id}"${attr('name', o.name)}${attr('type', o.type ?? 'text')}${attr('value', o.value)}${attr('autocomplete', o.autocomplete)}${attr('autocapitalize', o.autocapitalize)}${attr('autofocus', o.autofocus)}${attr('inputmode', o.inputmode)}${attr('required', o.required)}${attr('min', o.min)}${attr('max', o.max)}${attr('step', o.step)}${attr('aria-invalid', o.error ? 'true' : undefined)}${attr('aria-describedby', describedBy(id, o.hint, o.error))}>${notes(id, o.hint, o.error)}</div>`
}

export function select(o: {
  label: string
  name: string
  value?: string | undefined
  options: { value: string; label: string; disabled?: boolean }[]
  error?: string | undefined
  hint?: string
}): string {
  const id = nextId(o.name)
  const options = o.options
    .map(
      (option) =>
        `<option${attr('value', option.value)}${attr('selected', option.value === o.value)}${attr('disabled', option.disabled)}>${escapeHtml(option.label)}</option>`,
    )
    .join('')
  return `<div class="field"><label for="${id}">${escapeHtml(o.label)}</label><select id="${id}"${attr('name', o.name)}${attr('aria-invalid', o.error ? 'true' : undefined)}${attr('aria-describedby', describedBy(id, o.hint, o.error))}>${options}</select>${notes(id, o.hint, o.error)}</div>`
}

/** One choice of several, as the app's tiles: each radio button inside its label, in a fieldset. */
export function radios(o: {
  legend: string
  name: string
  value?: string | undefined
  options: { value: string; label: string; hint?: string }[]
  error?: string | undefined
}): string {
  const group = nextId(o.name)
  const items = o.options
    .map(
      (option) =>
        `<label class="field-check choice"><input type="radio"${attr('name', o.name)}${attr('value', option.value)}${attr('checked', option.value === o.value)}${attr('aria-describedby', o.error ? `${group}-error` : undefined)}><span>${escapeHtml(option.label)}${option.hint ? `<br><span class="muted">${escapeHtml(option.hint)}</span>` : ''}</span></label>`,
    )
    .join('')
  return `<fieldset class="fieldset"><legend>${escapeHtml(o.legend)}</legend>${notes(group, undefined, o.error)}<div class="choices">${items}</div></fieldset>`
}

export function hidden(name: string, value: string | number | undefined | null): string {
  return value === undefined || value === null || value === ''
    ? ''
    : `<input type="hidden"${attr('name', name)}${attr('value', String(value))}>`
}

/** What went wrong as a whole, above the form; or what went right. */
export function formMessage(text: string | null | undefined, tone: 'error' | 'ok' = 'error'): string {
  return text
    ? `<p class="form-message form-message-${tone}" role="${tone === 'error' ? 'alert' : 'status'}">${escapeHtml(text)}</p>`
    : ''
}

export function button(label: string, attrs: { name?: string; value?: string; secondary?: boolean } = {}) {
  return `<button type="submit" class="button${attrs.secondary ? ' secondary' : ''}"${attr('name', attrs.name)}${attr('value', attrs.value)}>${escapeHtml(label)}</button>`
}

/**
 * A form's fields as the contract's input: `holders.0` and `delivery.city` become nested, empty fields are
 * left out (so the schema names what is missing), and digits become numbers where the contract wants one.
 */
export function formInput(
  fields: Record<string, string>,
  numbers: readonly string[] = [],
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, raw] of Object.entries(fields)) {
    if (key.startsWith('_') || key === 'step' || key === 'lang') continue
    const value = raw.trim()
    if (value === '') continue
    const path = key.split('.')
    if (
      path.some(
        (part) => part === '' || part === '__proto__' || part === 'constructor' || part === 'prototype',
      )
    )
      continue
    let node: Record<string, unknown> = out
    for (const [i, part] of path.entries()) {
      if (i === path.length - 1)
        node[part] = numbers.includes(key) && /^\d{1,9}$/.test(value) ? Number(value) : raw
      else {
        node[part] ??= /^\d+$/.test(path[i + 1] ?? '') ? [] : {}
        node = node[part] as Record<string, unknown>
      }
    }
  }
  return out
}
