import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { Field, FormMessage, SubmitButton, text, useSubmit } from '../../components/Form'
import { rpc } from '../../lib/rpc'
import { storeUser } from '../../lib/session'
import { usePageTitle } from '../../lib/title'
import { AvatarField } from './AvatarField'
import { accountsQueries } from './accounts.queries'

const MAX_LINKS = 5

export function ProfilePage() {
  const { t } = useLingui()
  usePageTitle(t`Profile`)
  const profile = useQuery(accountsQueries.profile())
  const queryClient = useQueryClient()
  const [saved, setSaved] = useState<string | null>(null)
  const form = useSubmit(async (data) => {
    setSaved(null)
    const storefront = profile.data?.storefront
    const links = data
      .getAll('links')
      .map((l) => String(l).trim())
      .filter(Boolean)
    const { user } = await rpc('updateProfile', {
      name: text(data, 'name'),
      ...(storefront
        ? {
            handle: text(data, 'handle'),
            displayName: text(data, 'displayName'),
            bio: text(data, 'bio'),
            links,
          }
        : {}),
    })
    await storeUser(user)
    await queryClient.invalidateQueries({ queryKey: accountsQueries.profile().queryKey })
    setSaved(t`Profile saved.`)
  })
  if (profile.isPending)
    return (
      <p className="page">
        <Trans>Loading your profile…</Trans>
      </p>
    )
  if (profile.isError) {
    const reason = profile.error.message
    return (
      <p className="page" role="alert">
        <Trans>Your profile could not be loaded. {reason}</Trans>
      </p>
    )
  }
  const { user, storefront } = profile.data
  const links = [...(storefront?.links ?? []), ...Array(MAX_LINKS).fill('')].slice(0, MAX_LINKS)
  const address = storefront ? `${location.origin}/creators/${storefront.handle}` : ''
  return (
    <section className="page narrow" aria-labelledby="profile-heading">
      <h1 id="profile-heading">
        <Trans>Profile</Trans>
      </h1>
      <p>
        <Link to="/account/settings">
          <Trans>Back to settings</Trans>
        </Link>
      </p>
      <AvatarField
        user={user}
        onChange={() => queryClient.invalidateQueries({ queryKey: accountsQueries.profile().queryKey })}
      />
      <form onSubmit={form.onSubmit} noValidate className="form">
        <FormMessage message={form.message} />
        <FormMessage message={saved} tone="ok" />
        <Field
          label={t`Your name`}
          name="name"
          autoComplete="name"
          defaultValue={user.name}
          required
          errors={form.errors}
        />
        {storefront ? (
          <>
            <Field
              label={t`Storefront name`}
              name="displayName"
              defaultValue={storefront.displayName}
              required
              errors={form.errors}
            />
            <Field
              label={t`Handle`}
              name="handle"
              defaultValue={storefront.handle}
              autoCapitalize="none"
              spellCheck={false}
              hint={t`Your storefront is at ${address}. Changing the handle changes that address.`}
              required
              errors={form.errors}
            />
            <div className="field">
              <label htmlFor="bio">
                <Trans>Bio</Trans>
              </label>
              <textarea id="bio" name="bio" rows={5} maxLength={1000} defaultValue={storefront.bio} />
              {form.errors.bio ? <p className="field-error">{form.errors.bio}</p> : null}
            </div>
            <fieldset className="fieldset">
              <legend>
                <Trans>Links (website, Instagram, YouTube…)</Trans>
              </legend>
              {links.map((link, i) => {
                const slot = i + 1
                return (
                  <Field
                    // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of slots
                    key={i}
                    label={t`Link ${slot}`}
                    name="links"
                    type="url"
                    placeholder="https://"
                    defaultValue={link}
                    errors={form.errors}
                    errorKeys={[`links.${i}`]}
                  />
                )
              })}
            </fieldset>
          </>
        ) : (
          <p className="muted">
            <Trans>
              Selling on Soko? <Link to="/register">Open a storefront</Link> to add a handle, bio and links.
            </Trans>
          </p>
        )}
        <SubmitButton busy={form.busy} busyText={t`Saving…`}>
          <Trans>Save profile</Trans>
        </SubmitButton>
      </form>
    </section>
  )
}
