import type { MessageParams } from '../../contract/i18n'
import { translate } from '../lib/i18n'
import { NOT_FOUND } from '../web/guards'
import { contextLang } from '../web/locale'

/**
 * What the file store's addresses answer a person (a download link opened in a tab, an upload that the
 * app's uploader shows the answer of), in the language of the one asking.
 */
export const STORAGE_WORDS = {
  notFound: NOT_FOUND,
  linkExpired: /*i18n*/ { id: 'files.link.not-valid', message: 'This link is not valid or has expired.' },
  rangeOutside: /*i18n*/ {
    id: 'files.range.outside',
    message: 'This file has {size} bytes: ask for a range within them.',
  },
  replacing: /*i18n*/ {
    id: 'files.replacing',
    message: 'This file is being replaced: try again in a moment.',
  },
  storeDown: /*i18n*/ {
    id: 'files.store-down',
    message: 'The file store did not answer: try again in a moment.',
  },
  uploadLinkExpired: /*i18n*/ {
    id: 'files.upload.link-not-valid',
    message: 'This upload link is not valid or has expired: ask for a new one.',
  },
  tooLarge: /*i18n*/ { id: 'files.upload.too-large', message: 'The file is larger than {max} bytes.' },
  noBody: /*i18n*/ { id: 'files.upload.no-body', message: 'The upload has no body.' },
  uploadGone: /*i18n*/ {
    id: 'files.upload.gone',
    message: 'This upload was finished or cancelled: start it again.',
  },
  interrupted: /*i18n*/ { id: 'files.upload.interrupted', message: 'The upload was interrupted: try again.' },
  partSize: /*i18n*/ {
    id: 'files.upload.part-size',
    message: 'This part must be {size} bytes long: send it again.',
  },
} as const

type Asking = Parameters<typeof contextLang>[0]

/** One of the store's answers in the asker's language. */
export const storageWords = (c: Asking, word: keyof typeof STORAGE_WORDS, params?: MessageParams) =>
  translate(contextLang(c), STORAGE_WORDS[word], params)
