import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ProductFile } from '../../../contract/catalog.contract'
import { libraryId } from '../../../contract/library'
import { Icon } from '../../components/Icon'
import { RpcError, rpc } from '../../lib/rpc'
import { formatSize } from '../catalog/ProductPage'
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
        <Icon name="download" size={20} /> Download<span className="visually-hidden"> {file.name}</span>
      </button>
      {download.isError ? (
        <p className="field-error" role="alert">
          {download.error instanceof RpcError
            ? download.error.message
            : 'The download could not start. Check your connection and try again.'}
        </p>
      ) : null}
    </div>
  )
}

/**
 * Files of a paid digital order, with how many downloads are left when the seller limited them. Where a
 * service worker runs, each file goes to the offline library (resumable, kept on the device); elsewhere
 * a plain download.
 */
export function OrderFiles({
  order,
}: {
  order: { id: string; files: ProductFile[]; downloadsLeft: number | null }
}) {
  const usedUp = order.downloadsLeft !== null && order.downloadsLeft <= 0
  const { entries } = useLibrary()
  const offline = libraryAvailable()
  return (
    <>
      <ul className="plain-list download-list">
        {order.files.map((file) => (
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
          </li>
        ))}
      </ul>
      {order.downloadsLeft !== null ? (
        <p className={usedUp ? 'notice' : 'muted'}>
          {usedUp
            ? 'You have used every download of this purchase. Ask the seller if you need the files again.'
            : `${order.downloadsLeft} download${order.downloadsLeft === 1 ? '' : 's'} left.`}
        </p>
      ) : null}
    </>
  )
}
