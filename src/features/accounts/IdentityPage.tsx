import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Field, FormMessage, SelectField, SubmitButton, text, useSubmit } from '../../components/Form'
import { rpc } from '../../lib/rpc'
import { usePageTitle } from '../../lib/title'
import { accountsQueries } from './accounts.queries'

const documentKinds = [
  { value: 'national-id', label: msg`National ID card` },
  { value: 'passport', label: msg`Passport` },
  { value: 'alien-id', label: msg`Alien ID (foreign residents)` },
]

const statusWords = {
  pending: msg`We are checking your details. This usually takes one working day; we will e-mail you.`,
  approved: msg`Your identity is verified. Payouts are open to you.`,
  rejected: msg`We could not verify your details.`,
}

/** /account/verify: the seller's identity verification, reviewed by an admin before the first payout. */
export function IdentityPage() {
  const { t } = useLingui()
  usePageTitle(t`Verify your identity`)
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
  if (current.isPending)
    return (
      <p className="page">
        <Trans>Loading…</Trans>
      </p>
    )
  if (current.isError) {
    const reason = current.error.message
    return (
      <p className="page" role="alert">
        <Trans>Your verification could not be loaded. {reason}</Trans>
      </p>
    )
  }
  const verification = current.data.verification
  const details = verification?.details
  const fix = verification?.reason
  return (
    <section className="page narrow" aria-labelledby="identity-heading">
      <h1 id="identity-heading">
        <Trans>Verify your identity</Trans>
      </h1>
      <p className="lead">
        <Trans>
          Before your first payout we check who you are, as payment providers require. Your details are only
          seen by Soko's team.
        </Trans>
      </p>
      {verification ? (
        <div className={`status status-${verification.status}`} role="status">
          <p>
            <strong>
              {verification.status === 'approved'
                ? t`Verified`
                : verification.status === 'pending'
                  ? t`In review`
                  : t`Not verified`}
            </strong>
            {' — '}
            {t(statusWords[verification.status])}
          </p>
          {fix ? (
            <p>
              <Trans>What to fix: {fix}</Trans>
            </p>
          ) : null}
        </div>
      ) : null}
      {verification?.status === 'approved' ? null : (
        <form onSubmit={form.onSubmit} noValidate className="form">
          <FormMessage message={form.message} />
          {verification?.status === 'pending' ? (
            <p className="muted">
              <Trans>You can correct your details until we review them.</Trans>
            </p>
          ) : null}
          <Field
            label={t`Full legal name`}
            name="legalName"
            autoComplete="name"
            defaultValue={details?.legalName}
            hint={t`Exactly as on your ID.`}
            required
            errors={form.errors}
          />
          <Field
            label={t`Date of birth`}
            name="dateOfBirth"
            type="date"
            autoComplete="bday"
            defaultValue={details?.dateOfBirth}
            required
            errors={form.errors}
          />
          <SelectField
            label={t`Document`}
            name="documentKind"
            options={documentKinds.map((kind) => ({ value: kind.value, label: t(kind.label) }))}
            defaultValue={details?.documentKind ?? 'national-id'}
            errors={form.errors}
          />
          <Field
            label={t`Document number`}
            name="documentNumber"
            defaultValue={details?.documentNumber}
            autoCapitalize="characters"
            required
            errors={form.errors}
          />
          <Field
            label={t`Address`}
            name="address"
            autoComplete="street-address"
            defaultValue={details?.address}
            hint={t`Street, building and town.`}
            required
            errors={form.errors}
          />
          <SubmitButton busy={form.busy} busyText={t`Sending…`}>
            {verification?.status === 'pending' ? t`Update my details` : t`Send for review`}
          </SubmitButton>
        </form>
      )}
    </section>
  )
}
