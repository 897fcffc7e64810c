import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { FormMessage, SubmitButton, useSubmit } from '../../components/Form'
import { formatMoney } from '../../lib/money'
import { rpc } from '../../lib/rpc'
import { storeUser } from '../../lib/session'
import { accountsQueries } from './accounts.queries'

/**
 * A seller's checkout reminders, in their settings: reminding buyers who left a checkout unpaid (by e-mail,
 * and by SMS at the price shown when the buyer asked for it), each on or off, and what reminders brought back.
 */
export function RecoverySettings() {
  const { t } = useLingui()
  const recovery = useQuery(accountsQueries.recovery())
  const queryClient = useQueryClient()
  const [saved, setSaved] = useState(false)
  const save = useSubmit(async (data) => {
    setSaved(false)
    const { user } = await rpc('updateSettings', {
      recoverCheckouts: data.get('recoverCheckouts') === 'on',
      recoverBySms: data.get('recoverBySms') === 'on',
    })
    await storeUser(user)
    await queryClient.invalidateQueries({ queryKey: accountsQueries.recovery().queryKey })
    setSaved(true)
  })
  const view = recovery.data?.recovery
  return (
    <>
      <h2>
        <Trans>Checkouts left unpaid</Trans>
      </h2>
      {!view ? (
        recovery.isError ? (
          <p role="alert">
            <Trans>Your reminder settings did not load. Check your connection and reload the page.</Trans>
          </p>
        ) : (
          <p aria-busy="true">
            <Trans>Loading…</Trans>
          </p>
        )
      ) : (
        <>
          <p>
            <Trans>
              When a buyer leaves a checkout unpaid, Soko reminds them by e-mail an hour later and a day
              later, with a link back to it. Buyers who ask for it at checkout are also sent one SMS.
            </Trans>
          </p>
          <form onSubmit={save.onSubmit} noValidate className="form" key={JSON.stringify(view)}>
            <FormMessage message={save.message} />
            <FormMessage message={saved ? t`Reminder settings saved.` : null} tone="ok" />
            <div className="field field-check">
              <input
                id="recoverCheckouts"
                type="checkbox"
                name="recoverCheckouts"
                defaultChecked={view.recoverCheckouts}
              />
              <label htmlFor="recoverCheckouts">
                <Trans>Remind buyers who leave a checkout unpaid</Trans>
              </label>
            </div>
            <div className="field field-check">
              <input
                id="recoverBySms"
                type="checkbox"
                name="recoverBySms"
                defaultChecked={view.recoverBySms}
                aria-describedby="recover-sms-price"
              />
              <label htmlFor="recoverBySms">
                <Trans>Also by SMS, when the buyer asks for it</Trans>
              </label>
            </div>
            <p id="recover-sms-price" className="muted">
              {t`Each reminder SMS costs ${formatMoney(view.smsPrice.amount, view.smsPrice.currency)}, taken from your earnings and shown in your transactions.`}
            </p>
            <SubmitButton busy={save.busy} busyText={t`Saving…`}>
              <Trans>Save reminder settings</Trans>
            </SubmitButton>
          </form>
          <p>
            {view.recovered === 0
              ? t`No checkout has come back through a reminder yet.`
              : `${t`${plural(view.recovered, { one: 'Brought back by reminders: # checkout', other: 'Brought back by reminders: # checkouts' })}`}, ${view.recoveredTotals.map((m) => formatMoney(m.amount, m.currency)).join(', ')}.`}{' '}
            {t`Reminders sent: ${view.reminders.email} by e-mail, ${view.reminders.sms} by SMS.`}
          </p>
        </>
      )}
    </>
  )
}
