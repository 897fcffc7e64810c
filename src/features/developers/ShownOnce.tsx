import { useLingui } from '@lingui/react/macro'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'

/**
 * A secret just made, shown this once: to copy, with what to do if it is lost. Focus moves to it, above
 * the form the seller just sent.
 */
export function ShownOnce(props: {
  heading: string
  note: ReactNode
  label: string
  copy: string
  secret: string
  onDone: () => void
}) {
  const { t } = useLingui()
  const id = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const [copied, setCopied] = useState(false)
  useEffect(() => heading.current?.focus(), [])
  return (
    <section className="card new-key" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        {props.heading}
      </h2>
      <p>{props.note}</p>
      <div className="field">
        <label htmlFor={`${id}-secret`}>{props.label}</label>
        <input
          id={`${id}-secret`}
          className="key-secret"
          readOnly
          value={props.secret}
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <p className="actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            void navigator.clipboard?.writeText(props.secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }}
        >
          {props.copy}
        </button>{' '}
        <button type="button" className="button secondary" onClick={props.onDone}>
          {t`I have kept it`}
        </button>
      </p>
      <p role="status">{copied ? t`Copied.` : ''}</p>
    </section>
  )
}
