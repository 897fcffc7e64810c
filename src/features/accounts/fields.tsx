import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Field, type FieldErrors } from '../../components/Form'

export const PASSWORD_HINT = msg`At least 8 characters. Avoid common passwords; a short sentence works well.`

/** A password being chosen: the browser offers to generate one, and the hint says what the server refuses. */
export function NewPasswordField({
  errors,
  label,
  name = 'password',
}: {
  errors: FieldErrors
  label?: string
  name?: string
}) {
  const { t } = useLingui()
  return (
    <Field
      label={label ?? t`Password`}
      name={name}
      type="password"
      autoComplete="new-password"
      minLength={8}
      required
      hint={t(PASSWORD_HINT)}
      errors={errors}
    />
  )
}

/** The end of a flow: what happened, in words, and the one thing to do next. */
export function Outcome({
  title,
  children,
  tone = 'ok',
  next,
}: {
  title: string
  children: ReactNode
  tone?: 'ok' | 'error'
  next?: { to: string; label: string }
}) {
  return (
    <section className="page narrow">
      <h1>{title}</h1>
      <p role={tone === 'ok' ? 'status' : 'alert'}>{children}</p>
      {next ? (
        <Link className="button" to={next.to}>
          {next.label}
        </Link>
      ) : null}
    </section>
  )
}
