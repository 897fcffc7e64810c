import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { Icon } from './Icon'

/** This page's address to share: the canonical origin (PUBLIC_URL) and the path, without the query. */
function pageUrl(): string {
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href
  return new URL(location.pathname, canonical || location.href).href
}

/**
 * Sharing a page, the way creators do: the device's share sheet where the browser has one (Web Share);
 * elsewhere a WhatsApp link and "Copy link". Shown once the app runs in the browser (the server cannot know
 * which the device has), in a row that keeps its height so nothing moves when it appears.
 */
export function Share({
  title,
  text,
  url,
  copyLabel,
}: {
  title: string
  text: string
  /** What to share, when it is not this page (an invoice's pay link). */
  url?: string
  copyLabel?: string
}) {
  const { t } = useLingui()
  const link = () => url ?? pageUrl()
  const [mode, setMode] = useState<'pending' | 'native' | 'links'>('pending')
  const [copied, setCopied] = useState<'idle' | 'done' | 'failed'>('idle')
  useEffect(() => setMode(typeof navigator.share === 'function' ? 'native' : 'links'), [])
  const share = async () => {
    try {
      await navigator.share({ title, text, url: link() })
    } catch (error) {
      // Closing the sheet is an AbortError; any other refusal gets the links instead.
      if ((error as Error).name !== 'AbortError') setMode('links')
    }
  }
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link())
      setCopied('done')
    } catch {
      setCopied('failed')
    }
  }
  const linkText = copied === 'failed' ? link() : ''
  return (
    // What to share, for the small script a standalone page runs instead of the app (src/lite).
    <div className="share" data-title={title} data-text={text} data-url={url}>
      {mode === 'native' ? (
        <button type="button" className="button secondary" onClick={() => void share()}>
          <Icon name="share" size={18} /> <Trans>Share</Trans>
        </button>
      ) : null}
      {mode === 'links' ? (
        <>
          <a
            className="button secondary"
            href={`https://wa.me/?text=${encodeURIComponent(`${text} ${link()}`)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            <Icon d="M4 20l1.5-4A8 8 0 1 1 9 19.5L4 20Z" size={18} />
            <span className="visually-hidden">{t`Share on`} </span>WhatsApp
          </a>
          <button type="button" className="button secondary" onClick={() => void copy()}>
            <Icon d="M9 9h11v11H9V9Zm-4 6V4h11" size={18} /> {copyLabel ?? t`Copy link`}
          </button>
        </>
      ) : null}
      <p className="share-status" role="status">
        {copied === 'done' ? t`Link copied` : copied === 'failed' ? t`Copy this link: ${linkText}` : ''}
      </p>
    </div>
  )
}
