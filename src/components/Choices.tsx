import type { ReactNode } from 'react'

/** A choice of radios under a legend, with its field's error said under it (and read with it). */
export function Choices<T extends string>(props: {
  id: string
  legend: ReactNode
  name: string
  options: readonly { value: T; label: string }[]
  value: T
  onChange: (value: T) => void
  error?: string | undefined
}) {
  return (
    <fieldset className="fieldset" aria-describedby={props.error ? `${props.id}-error` : undefined}>
      <legend id={props.id}>{props.legend}</legend>
      {props.options.map((option) => (
        <label key={option.value} className="field-check">
          <input
            type="radio"
            name={props.name}
            value={option.value}
            checked={props.value === option.value}
            onChange={() => props.onChange(option.value)}
          />{' '}
          {option.label}
        </label>
      ))}
      {props.error ? (
        <p className="field-error" id={`${props.id}-error`}>
          {props.error}
        </p>
      ) : null}
    </fieldset>
  )
}
