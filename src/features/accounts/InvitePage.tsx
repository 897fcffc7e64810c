import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi, Link } from '@tanstack/react-router'
import { Field, FormMessage, SubmitButton, text, useSubmit } from '../../components/Form'
import { rpc } from '../../lib/rpc'
import { usePageTitle } from '../../lib/title'
import { NewPasswordField } from './fields'
import { homeOf, useSignedIn } from './useSignedIn'

const route = getRouteApi('/_default/invite')

export function InvitePage() {
  const { t } = useLingui()
  usePageTitle(t`Accept your invitation`)
  const { code } = route.useSearch()
  const signedIn = useSignedIn()
  const form = useSubmit(async (data) => {
    const session = await rpc('acceptInvite', {
      code: code ?? '',
      name: text(data, 'name'),
      password: String(data.get('password') ?? ''),
    })
    await signedIn(session, homeOf(session.user))
  })
  if (!code)
    return (
      <section className="page narrow">
        <h1>
          <Trans>Accept your invitation</Trans>
        </h1>
        <p>
          <Trans>
            This page needs the link from your invitation e-mail. Open the e-mail and use its button, or ask
            the person who invited you to send it again.
          </Trans>
        </p>
        <p>
          <Link to="/signup">
            <Trans>Create an account without an invitation</Trans>
          </Link>
        </p>
      </section>
    )
  return (
    <section className="page narrow" aria-labelledby="invite-heading">
      <h1 id="invite-heading">
        <Trans>Accept your invitation</Trans>
      </h1>
      <p className="lead">
        <Trans>
          Choose your name and a password. If this e-mail already has a Soko account, enter its password
          instead.
        </Trans>
      </p>
      <form onSubmit={form.onSubmit} noValidate className="form">
        <FormMessage message={form.message} />
        {form.errors.code ? <p className="field-error">{form.errors.code}</p> : null}
        <Field label={t`Your name`} name="name" autoComplete="name" required errors={form.errors} />
        <NewPasswordField errors={form.errors} />
        <SubmitButton busy={form.busy} busyText={t`Joining…`}>
          <Trans>Join Soko</Trans>
        </SubmitButton>
      </form>
    </section>
  )
}
