import { useMutation } from '@tanstack/react-query'
import { RpcError, rpc } from '../../lib/rpc'

/**
 * Under an order opened from an SMS receipt's link (`?sms=` carries the link's token): a way to stop
 * receipts by SMS to the number that paid, without an account.
 */
export function StopSms({ token }: { token: string | undefined }) {
  const stop = useMutation({ mutationFn: (t: string) => rpc('stopSms', { token: t, kind: 'receipt' }) })
  if (!token) return null
  return (
    <aside className="card sms-choice" aria-labelledby="sms-choice-heading">
      <h2 id="sms-choice-heading">Receipts by SMS</h2>
      {stop.isSuccess ? (
        <p role="status">
          No more SMS receipts will go to {stop.data.phone}. Your mail receipts go on as before.
        </p>
      ) : (
        <>
          <p>You opened this from an SMS receipt. Don’t want receipts by SMS?</p>
          <button
            type="button"
            className="button secondary"
            disabled={stop.isPending}
            aria-busy={stop.isPending}
            onClick={() => stop.mutate(token)}
          >
            {stop.isPending ? 'Stopping…' : 'Stop SMS receipts'}
          </button>
          {stop.isError ? (
            <p role="alert">
              {stop.error instanceof RpcError ? stop.error.message : 'That did not work.'} Try again.
            </p>
          ) : null}
        </>
      )}
    </aside>
  )
}
