import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'

/** Rows of a repeated group (availability, variants, tickets) with add and remove buttons. */
export function Rows<T>({
  legend,
  rows,
  onChange,
  blank,
  addLabel,
  min = 1,
  render,
  name,
  error,
}: {
  legend: string
  /** The rows' own field, for a message about them all ("add stock to at least one"). */
  name?: string
  error?: string | undefined
  rows: T[]
  onChange: (rows: T[]) => void
  blank: T
  addLabel: string
  min?: number
  render: (row: T, i: number, set: (patch: Partial<T>) => void) => ReactNode
}) {
  const errorId = name ? `${name}-error` : undefined
  return (
    <fieldset
      className="fieldset rows"
      data-name={name}
      tabIndex={name ? -1 : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend>{legend}</legend>
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity until saved
        <div key={i} className="row-group">
          {render(row, i, (patch) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r))))}
          {rows.length > min ? (
            <button
              type="button"
              className="link-button"
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              <Trans>
                <Trans>Remove</Trans>
              </Trans>
            </button>
          ) : null}
        </div>
      ))}
      <button type="button" className="button secondary" onClick={() => onChange([...rows, blank])}>
        {addLabel}
      </button>
    </fieldset>
  )
}
