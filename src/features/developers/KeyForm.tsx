import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import {
  API_AREAS,
  type ApiArea,
  type ApiScope,
  READ_ONLY_AREAS,
} from '../../../contract/developers.constants'
import { Choice, errorState, Field, FormMessage, text } from '../../components/Form'
import { rpc } from '../../lib/rpc'
import { developersQueries } from './developers.queries'
import { ShownOnce } from './ShownOnce'
import { AREA_NAMES } from './scopes'

type Grant = 'none' | 'read' | 'write'

/** A new key's form: its name, and for each area no access, read, or read and write. */
export function KeyForm({ onMade }: { onMade: (made: { name: string; secret: string }) => void }) {
  const { t } = useLingui()
  const id = useId()
  const queryClient = useQueryClient()
  const [grants, setGrants] = useState<Record<ApiArea, Grant>>(
    () => Object.fromEntries(API_AREAS.map((area) => [area, 'none'])) as Record<ApiArea, Grant>,
  )
  const make = useMutation({
    mutationFn: (name: string) => {
      const scopes = API_AREAS.flatMap((area) =>
        grants[area] === 'none' ? [] : [`${area}:${grants[area]}` as ApiScope],
      )
      return rpc('createApiKey', { name, scopes })
    },
    onSuccess: (answer, name) => {
      void queryClient.invalidateQueries({ queryKey: developersQueries.all() })
      setGrants(Object.fromEntries(API_AREAS.map((area) => [area, 'none'])) as Record<ApiArea, Grant>)
      onMade({ name, secret: answer.secret })
    },
  })
  const failed = make.isError ? errorState(make.error) : null
  const choices = (area: ApiArea): { grant: Grant; label: string }[] => [
    { grant: 'none', label: t`None` },
    { grant: 'read', label: t`Read` },
    ...(READ_ONLY_AREAS.has(area) ? [] : [{ grant: 'write' as const, label: t`Write` }]),
  ]
  return (
    <section aria-labelledby={`${id}-heading`} className="card key-form">
      <h2 id={`${id}-heading`}>
        <Trans>Make a key</Trans>
      </h2>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          const form = event.currentTarget
          make.mutate(text(new FormData(form), 'name'), { onSuccess: () => form.reset() })
        }}
      >
        <Field
          label={t`Name`}
          name="name"
          hint={t`What uses it, so you know which to revoke: "Website", "Sales sheet".`}
          maxLength={60}
          autoComplete="off"
          errors={failed?.errors}
        />
        <fieldset className="fieldset scopes" aria-describedby={`${id}-scopes-hint`}>
          <legend>
            <Trans>What it may do</Trans>
          </legend>
          <p className="muted" id={`${id}-scopes-hint`}>
            <Trans>
              Give it only what it needs; Write can read too. Payouts can be read, never made: money leaves
              Soko only from here.
            </Trans>
          </p>
          {failed?.errors.scopes ? (
            <p className="field-error" role="alert">
              {failed.errors.scopes}
            </p>
          ) : null}
          {API_AREAS.map((area) => (
            <fieldset key={area} className="scope-area">
              <legend>{t(AREA_NAMES[area])}</legend>
              <div className="choices">
                {choices(area).map(({ grant, label }) => (
                  <Choice
                    key={grant}
                    name={`scope-${area}`}
                    value={grant}
                    checked={grants[area] === grant}
                    onChoose={() => setGrants((now) => ({ ...now, [area]: grant }))}
                  >
                    {label}
                  </Choice>
                ))}
              </div>
            </fieldset>
          ))}
        </fieldset>
        <FormMessage message={failed?.message ?? null} />
        <button type="submit" className="button" disabled={make.isPending} aria-busy={make.isPending}>
          {make.isPending ? t`Making the key…` : t`Make the key`}
        </button>
      </form>
    </section>
  )
}

/** The key just made, shown this once. */
export function NewKey({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const { t } = useLingui()
  return (
    <ShownOnce
      heading={t`Your new key “${name}”`}
      note={t`Copy it now: it is shown only this once. If you lose it, revoke it and make another.`}
      label={t`The key`}
      copy={t`Copy the key`}
      secret={secret}
      onDone={onDone}
    />
  )
}
