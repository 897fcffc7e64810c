import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { isLang } from '../../../contract/i18n'
import { Field, FormMessage, SelectField, SubmitButton, text, useSubmit } from '../../components/Form'
import { currentLang, rememberLanguage } from '../../lib/i18n'
import { rpc } from '../../lib/rpc'
import { clearSession, storeUser, useSession } from '../../lib/session'
import { usePageTitle } from '../../lib/title'
import { accountsQueries } from './accounts.queries'
import { NewPasswordField } from './fields'
import { RecoverySettings } from './RecoverySettings'

/** The kinds of SMS a person can turn off; codes always go. */
const SMS_CHOICES = [
  { name: 'smsReceipts', label: msg`Text me a receipt when I pay by M-Pesa` },
  { name: 'smsPayouts', label: msg`Text me when a payout is sent` },
  { name: 'smsReminders', label: msg`Text me reminders of bookings and events` },
  {
    name: 'smsPosts',
    label: msg`Text me a link to new members’ posts while my e-mail address is not confirmed`,
  },
] as const

function timeZoneOptions(current: string) {
  const zones = Intl.supportedValuesOf('timeZone')
  return [...new Set([current, ...zones])].map((z) => ({ value: z, label: z.replace(/_/g, ' ') }))
}

export function SettingsPage() {
  const { t } = useLingui()
  usePageTitle(t`Settings`)
  const session = useSession()
  const user = session.user
  const isSeller = user?.roles.includes('seller') ?? false
  const platform = useQuery(accountsQueries.settings())
  // Also how a session ended elsewhere is noticed here: the server refuses it, and the app signs out.
  const profile = useQuery(accountsQueries.profile())
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [saved, setSaved] = useState<Record<string, string>>({})
  const say = (key: string, message: string) => setSaved((s) => ({ ...s, [key]: message }))

  const preferences = useSubmit(async (data) => {
    const { user: updated } = await rpc('updateSettings', {
      currency: text(data, 'currency') as 'KES',
      language: text(data, 'language') as 'en',
      timeZone: text(data, 'timeZone'),
      emailNotifications: data.get('emailNotifications') === 'on',
      smsReceipts: data.get('smsReceipts') === 'on',
      smsPayouts: data.get('smsPayouts') === 'on',
      smsReminders: data.get('smsReminders') === 'on',
      smsPosts: data.get('smsPosts') === 'on',
    })
    await storeUser(updated)
    // Another language: this browser keeps it too, and the page comes back in it.
    const language = updated.settings.language
    if (isLang(language) && language !== currentLang()) {
      rememberLanguage(language)
      location.reload()
      return
    }
    say('preferences', t`Preferences saved.`)
  })
  const password = useSubmit(async (data) => {
    await rpc('changePassword', {
      current: String(data.get('current') ?? ''),
      password: String(data.get('password') ?? ''),
    })
    say('password', t`Password changed. Your other devices are signed out.`)
  })
  const everywhere = useSubmit(async () => {
    await rpc('signOutEverywhere', {})
    queryClient.clear()
    await clearSession()
    await navigate({ to: '/login' })
  })

  if (!user)
    return (
      <p className="page">
        <Trans>Loading…</Trans>
      </p>
    )
  const settings = user.settings
  const email = user.email
  const phone = user.phone
  const shop = profile.data?.storefront?.displayName ?? t`your storefront`
  return (
    <section className="page narrow" aria-labelledby="settings-heading">
      <h1 id="settings-heading">
        <Trans>Settings</Trans>
      </h1>
      <p>
        {user.emailVerified ? (
          <Trans>
            Signed in as <strong>{email}</strong> (confirmed).
          </Trans>
        ) : (
          <Trans>
            Signed in as <strong>{email}</strong>.
          </Trans>
        )}{' '}
        <Link to="/account/settings/profile">
          <Trans>Edit your profile</Trans>
        </Link>
      </p>
      {!user.emailVerified ? (
        <p className="notice">
          <Trans>
            Your e-mail is not confirmed yet. <Link to="/verify-email">Confirm it</Link> so you can recover
            your account.
          </Trans>
        </p>
      ) : null}

      <h2>
        <Trans>Preferences</Trans>
      </h2>
      <form onSubmit={preferences.onSubmit} noValidate className="form" key={JSON.stringify(settings)}>
        <FormMessage message={preferences.message} />
        <FormMessage message={saved.preferences ?? null} tone="ok" />
        <SelectField
          label={t`Currency prices are shown in`}
          name="currency"
          options={(
            platform.data?.platform.currencies ?? [{ code: settings.currency, name: settings.currency }]
          ).map((c) => ({ value: c.code, label: `${c.code} — ${c.name}` }))}
          defaultValue={settings.currency}
          errors={preferences.errors}
        />
        <SelectField
          label={t`Language`}
          name="language"
          options={[
            { value: 'en', label: 'English' },
            { value: 'sw', label: 'Kiswahili' },
          ]}
          defaultValue={settings.language}
          errors={preferences.errors}
        />
        <SelectField
          label={t`Time zone`}
          name="timeZone"
          options={timeZoneOptions(settings.timeZone)}
          defaultValue={settings.timeZone}
          errors={preferences.errors}
        />
        <div className="field field-check">
          <input
            id="emailNotifications"
            type="checkbox"
            name="emailNotifications"
            defaultChecked={settings.emailNotifications}
          />
          <label htmlFor="emailNotifications">
            <Trans>E-mail me about sales, purchases and payouts</Trans>
          </label>
        </div>
        {SMS_CHOICES.map((choice) => (
          <div key={choice.name} className="field field-check">
            <input
              id={choice.name}
              type="checkbox"
              name={choice.name}
              defaultChecked={settings[choice.name]}
            />
            <label htmlFor={choice.name}>{t(choice.label)}</label>
          </div>
        ))}
        <SubmitButton busy={preferences.busy} busyText={t`Saving…`}>
          <Trans>Save preferences</Trans>
        </SubmitButton>
      </form>

      {isSeller ? (
        <>
          <h2>
            <Trans>Payouts</Trans>
          </h2>
          <p>
            <Trans>
              Where {shop} gets paid, your payout schedule and your payouts are on the{' '}
              <Link to="/account/withdraw">Withdraw page</Link>.
            </Trans>
          </p>
          <RecoverySettings />
        </>
      ) : null}

      <h2>
        <Trans>Phone</Trans>
      </h2>
      <p>
        {phone ? t`Confirmed: +${phone}.` : t`No phone number confirmed yet.`}{' '}
        <Link to="/verify">{phone ? t`Change it` : t`Confirm a phone number`}</Link>
      </p>

      <h2>
        <Trans>Password</Trans>
      </h2>
      <form onSubmit={password.onSubmit} noValidate className="form">
        <FormMessage message={password.message} />
        <FormMessage message={saved.password ?? null} tone="ok" />
        <Field
          label={t`Current password`}
          name="current"
          type="password"
          autoComplete="current-password"
          required
          errors={password.errors}
        />
        <NewPasswordField label={t`New password`} errors={password.errors} />
        <SubmitButton busy={password.busy} busyText={t`Changing…`}>
          <Trans>Change password</Trans>
        </SubmitButton>
      </form>

      <h2>
        <Trans>Devices</Trans>
      </h2>
      <p>
        <Trans>Lost a phone, or signed in on a shared computer? End every session, this one too.</Trans>
      </p>
      <form onSubmit={everywhere.onSubmit} className="form">
        <FormMessage message={everywhere.message} />
        <SubmitButton busy={everywhere.busy} busyText={t`Signing out…`}>
          <Trans>Sign out everywhere</Trans>
        </SubmitButton>
      </form>
    </section>
  )
}
