import { z } from 'zod'
import { accessKey, orderId } from './checkout.contract'
import { defineSubject } from './rpc'
import { say } from './say'

/**
 * Downloads: links to the files of a paid order. The offline library (what the page and the service worker
 * share to keep files on the device) is in downloads.ts.
 */
export const downloadsContract = {
  getDownloadUrl: defineSubject({
    kind: 'mutation',
    access: 'public',
    summary:
      'A short-lived signed link to one file of a paid order (Range, If-Range and HEAD work on it), with the ' +
      'size and SHA-256 the file must have. Each new download counts towards the product’s download limit, ' +
      'if it has one; a fresh link to go on with a download already started (`downloadId`) does not.',
    input: z.strictObject({
      orderId,
      fileId: z.uuid({
        error: say(/*i18n*/ { id: 'downloads.notFileOrder', message: 'Not a file of this order' }),
      }),
      key: accessKey,
      downloadId: z
        .uuid({
          error: say(/*i18n*/ { id: 'downloads.notDownloadFile', message: 'Not a download of this file' }),
        })
        .optional(),
    }),
    output: z.object({
      url: z.string(),
      expiresAt: z.string(),
      fileName: z.string(),
      size: z.number(),
      /** Hex; null for files kept before digests were recorded. */
      sha256: z.string().nullable(),
      downloadId: z.string(),
    }),
  }),
}
