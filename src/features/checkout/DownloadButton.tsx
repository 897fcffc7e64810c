import { plural, t } from '@lingui/core/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ProductFile } from '../../../contract/catalog.contract'
import { libraryId } from '../../../contract/downloads'
import { Icon } from '../../components/Icon'
import { RpcError, rpc } from '../../lib/rpc'
import { formatSize } from '../../lib/size'
import { LibraryFileRow } from '../downloads/LibraryFileRow'
import { libraryAvailable, useLibrary } from '../downloads/library'
import { checkoutQueries } from './checkout.queries'
import { orderKey } from './order-keys'

/**
 * One file of a paid order: a fresh signed link each time (it counts towards a download limit), then the
 * browser goes to it; the file host sends it as an attachment, so the page stays where it is.
 */
export function DownloadButton({
  orderId,
  file,
  disabled = false,
}: {
  orderId: string
  file: ProductFile
  disabled?: boolean
}) {
  const queryClient = useQueryClient()
  const download = useMutation({
    mutationFn: async () => rpc('getDownloadUrl', { orderId, fileId: file.id, key: await orderKey(orderId) }),
    onSuccess: ({ url }) => {
      location.assign(url)
      // Downloads left changed.
      void queryClient.invalidateQueries({ queryKey: checkoutQueries.all() })
    },
  })
  return (
    <div className="download-row">
      <span>
        {file.name} <span className="muted">({formatSize(file.size)})</span>
      </span>
      <button
        type="button"
        className="button secondary"
        disabled={disabled || download.isPending}
        aria-busy={download.isPending}
        onClick={() => download.mutate()}
      >
        <Icon name="download" size={20} /> {t`Download`}
        <span className="visually-hidden"> {file.name}</span>
      </button>
      {download.isSuccess ? (
        <p className="muted" role="status">
          {t`Your browser is saving it to its Downloads folder.`}
        </p>
      ) : null}
      {download.isError ? (
        <p className="field-error" role="alert">
          {download.error instanceof RpcError
            ? download.error.message
            : t`The download could not start. Check your connection and try again.`}
        </p>
      ) : null}
    </div>
  )
}

type PurchasedFile = ProductFile & { downloadsLeft: number | null }

/** "2 downloads left", or that this file's downloads are used up; nothing when there is no limit. */
function downloadsLeftText(left: number | null | undefined): string | null {
  if (left === null || left === undefined) return null
  return left <= 0
    ? t`Every download of this file is used. Ask the seller if you need it again.`
    : plural(left, { one: '# download left', other: '# downloads left' })
}

/**
 * Files of a paid digital order, with how many downloads of each are left when the seller limited them.
 * Where a service worker runs, each file goes to the offline library (resumable, kept on the device);
 * elsewhere a plain download.
 */
export function OrderFiles({
  order,
}: {
  order: { id: string; files: PurchasedFile[]; downloadLimit?: number | null }
}) {
  const { entries } = useLibrary()
  const offline = libraryAvailable()
  const limit = order.downloadLimit ?? 0
  return (
    <>
      <ul className="plain-list download-list">
        {order.files.map((file) => {
          // Older saved orders have no count per file: treat it as unknown, never as used up.
          const left = file.downloadsLeft ?? null
          const usedUp = left !== null && left <= 0
          const note = downloadsLeftText(left)
          return (
            <li key={file.id}>
              {offline ? (
                <LibraryFileRow
                  orderId={order.id}
                  file={file}
                  entry={entries.get(libraryId(order.id, file.id))}
                  disabled={usedUp}
                />
              ) : (
                <DownloadButton orderId={order.id} file={file} disabled={usedUp} />
              )}
              {note ? <p className={usedUp ? 'notice' : 'muted'}>{note}</p> : null}
            </li>
          )
        })}
      </ul>
      {order.downloadLimit ? (
        <p className="muted">
          {plural(limit, {
            one: 'Each file can be downloaded # time; going on with a download that stopped does not count again.',
            other:
              'Each file can be downloaded # times; going on with a download that stopped does not count again.',
          })}
        </p>
      ) : null}
    </>
  )
}
