import type { ComponentProps } from 'react'
import { Field } from '../../../components/Form'
import type { Draft } from './draft'
import type { Errors } from './useProductSave'

/** What the editor's field groups work on: the draft, a way to change it, and the server's messages. */
export interface DraftForm {
  draft: Draft
  set: (patch: Partial<Draft>) => void
  errors: Errors
}

/** The input's own props, less those set here (`form` is the draft's, not the HTML attribute). */
type InputProps = Omit<
  ComponentProps<typeof Field>,
  'form' | 'name' | 'label' | 'value' | 'onChange' | 'errors'
>

/**
 * A text input for one of the draft's own fields. `errorKey` is the product field the server names in its
 * message (`details.durationMinutes`), when it is not the draft's name for it.
 */
export function DraftField({
  form: { draft, set, errors },
  name,
  label,
  errorKey = String(name),
  ...props
}: {
  form: DraftForm
  name: keyof Draft
  label: string
  errorKey?: string
} & InputProps) {
  return (
    <Field
      label={label}
      name={errorKey}
      value={String(draft[name])}
      onChange={(e) => set({ [name]: e.target.value } as Partial<Draft>)}
      errors={errors}
      {...props}
    />
  )
}
