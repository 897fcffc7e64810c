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
  usePageTitle('Profile')
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
    setSaved('Profile saved.')
  })
  if (profile.isPending) return <p className="page">Loading your profile…</p>
  if (profile.isError)
    return (
      <p className="page" role="alert">
        Your profile could not be loaded. {profile.error.message}
      </p>
    )
  const { user, storefront } = profile.data
  const links = [...(storefront?.links ?? []), ...Array(MAX_LINKS).fill('')].slice(0, MAX_LINKS)
  return (
    <section className="page narrow" aria-labelledby="profile-heading">
      <h1 id="profile-heading">Profile</h1>
      <p>
        <Link to="/account/settings">Back to settings</Link>
      </p>
      <AvatarField
        user={user}
        onChange={() => queryClient.invalidateQueries({ queryKey: accountsQueries.profile().queryKey })}
      />
      <form onSubmit={form.onSubmit} noValidate className="form">
        <FormMessage message={form.message} />
        <FormMessage message={saved} tone="ok" />
        <Field
          label="Your name"
          name="name"
          autoComplete="name"
          defaultValue={user.name}
          required
          errors={form.errors}
        />
        {storefront ? (
          <>
            <Field
              label="Storefront name"
              name="displayName"
              defaultValue={storefront.displayName}
              required
              errors={form.errors}
            />
            <Field
              label="Handle"
              name="handle"
              defaultValue={storefront.handle}
              autoCapitalize="none"
              spellCheck={false}
              hint={`Your storefront is at ${location.origin}/creators/${storefront.handle}. Changing the handle changes that address.`}
              required
              errors={form.errors}
            />
            <div className="field">
              <label htmlFor="bio">Bio</label>
              <textarea id="bio" name="bio" rows={5} maxLength={1000} defaultValue={storefront.bio} />
              {form.errors.bio ? <p className="field-error">{form.errors.bio}</p> : null}
            </div>
            <fieldset className="fieldset">
              <legend>Links (website, Instagram, YouTube…)</legend>
              {links.map((link, i) => (
                <Field
                  // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of slots
                  key={i}
                  label={`Link ${i + 1}`}
                  name="links"
                  type="url"
                  placeholder="https://"
                  defaultValue={link}
                  errors={form.errors}
                  errorKeys={[`links.${i}`]}
                />
              ))}
            </fieldset>
          </>
        ) : (
          <p className="muted">
            Selling on Soko? <Link to="/register">Open a storefront</Link> to add a handle, bio and links.
          </p>
        )}
        <SubmitButton busy={form.busy} busyText="Saving…">
          Save profile
        </SubmitButton>
      </form>
    </section>
  )
}
