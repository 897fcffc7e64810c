import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Field, FormMessage, SelectField, SubmitButton, text, useSubmit } from '../../components/Form'
import { rpc } from '../../lib/rpc'
import { usePageTitle } from '../../lib/title'
import { accountsQueries } from './accounts.queries'

const documentKinds = [
  { value: 'national-id', label: 'National ID card' },
  { value: 'passport', label: 'Passport' },
  { value: 'alien-id', label: 'Alien ID (foreign residents)' },
]

const statusWords = {
  pending: 'We are checking your details. This usually takes one working day; we will e-mail you.',
  approved: 'Your identity is verified. Payouts are open to you.',
  rejected: 'We could not verify your details.',
}

/** /account/verify: the seller's identity verification, reviewed by an admin before the first payout. */
export function IdentityPage() {
  usePageTitle('Verify your identity')
  const queryClient = useQueryClient()
  const current = useQuery(accountsQueries.verification())
  const form = useSubmit(async (data) => {
    await rpc('submitSellerVerification', {
      legalName: text(data, 'legalName'),
      dateOfBirth: text(data, 'dateOfBirth'),
      documentKind: text(data, 'documentKind') as 'passport',
      documentNumber: text(data, 'documentNumber'),
      address: text(data, 'address'),
    })
    await queryClient.invalidateQueries({ queryKey: accountsQueries.verification().queryKey })
  })
  if (current.isPending) return <p className="page">Loading…</p>
  if (current.isError)
    return (
      <p className="page" role="alert">
        Your verification could not be loaded. {current.error.message}
      </p>
    )
  const verification = current.data.verification
  const details = verification?.details
  return (
    <section className="page narrow" aria-labelledby="identity-heading">
      <h1 id="identity-heading">Verify your identity</h1>
      <p className="lead">
        Before your first payout we check who you are, as payment providers require. Your details are only
        seen by Soko's team.
      </p>
      {verification ? (
        <div className={`status status-${verification.status}`} role="status">
          <p>
            <strong>
              {verification.status === 'approved'
                ? 'Verified'
                : verification.status === 'pending'
                  ? 'In review'
                  : 'Not verified'}
            </strong>
            {' — '}
            {statusWords[verification.status]}
          </p>
          {verification.reason ? <p>What to fix: {verification.reason}</p> : null}
        </div>
      ) : null}
      {verification?.status === 'approved' ? null : (
        <form onSubmit={form.onSubmit} noValidate className="form">
          <FormMessage message={form.message} />
          {verification?.status === 'pending' ? (
            <p className="muted">You can correct your details until we review them.</p>
          ) : null}
          <Field
            label="Full legal name"
            name="legalName"
            autoComplete="name"
            defaultValue={details?.legalName}
            hint="Exactly as on your ID."
            required
            errors={form.errors}
          />
          <Field
            label="Date of birth"
            name="dateOfBirth"
            type="date"
            autoComplete="bday"
            defaultValue={details?.dateOfBirth}
            required
            errors={form.errors}
          />
          <SelectField
            label="Document"
            name="documentKind"
            options={documentKinds}
            defaultValue={details?.documentKind ?? 'national-id'}
            errors={form.errors}
          />
          <Field
            label="Document number"
            name="documentNumber"
            defaultValue={details?.documentNumber}
            autoCapitalize="characters"
            required
            errors={form.errors}
          />
          <Field
            label="Address"
            name="address"
            autoComplete="street-address"
            defaultValue={details?.address}
            hint="Street, building and town."
            required
            errors={form.errors}
          />
          <SubmitButton busy={form.busy} busyText="Sending…">
            {verification?.status === 'pending' ? 'Update my details' : 'Send for review'}
          </SubmitButton>
        </form>
      )}
    </section>
  )
}
