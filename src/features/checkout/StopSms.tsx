import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { RpcError, rpc } from '../../lib/rpc'

/**
 * Under an order opened from an SMS receipt's link (`?sms=` carries the link's token): a way to stop
 * receipts by SMS to the number that paid, without an account.
 */
export function StopSms({ token }: { token: string | undefined }) {
  const { t } = useLingui()
  const stop = useMutation({ mutationFn: (sms: string) => rpc('stopSms', { token: sms, kind: 'receipt' }) })
  if (!token) return null
  const phone = stop.data?.phone ?? ''
  return (
    <aside className="card sms-choice" aria-labelledby="sms-choice-heading">
      <h2 id="sms-choice-heading">
        <Trans>Receipts by SMS</Trans>
      </h2>
      {stop.isSuccess ? (
        <p role="status">
          {t`No more SMS receipts will go to ${phone}. Your mail receipts go on as before.`}
        </p>
      ) : (
        <>
          <p>
            <Trans>You opened this from an SMS receipt. Don’t want receipts by SMS?</Trans>
          </p>
          <button
            type="button"
            className="button secondary"
            disabled={stop.isPending}
            aria-busy={stop.isPending}
            onClick={() => stop.mutate(token)}
          >
            {stop.isPending ? t`Stopping…` : t`Stop SMS receipts`}
          </button>
          {stop.isError ? (
            <p role="alert">
              {stop.error instanceof RpcError ? stop.error.message : t`That did not work.`} {t`Try again.`}
            </p>
          ) : null}
        </>
      )}
    </aside>
  )
}
