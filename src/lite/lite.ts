import { LITE_WORDS_ELEMENT_ID, type LiteWords as Words } from '../../contract/lite'
import { EARLY_INSTALL_PROMPT } from '../../contract/runtime'

/**
 * The small script a standalone page runs instead of the app on a slow connection (docs/loading.md). The
 * page already works as HTML: its links and forms go to the server. This adds what needs script there: the
 * install button, sharing, the header's way into the account, and the product photos' thumbnails. It
 * imports nothing that the app's code does, so it stays a file of a few kilobytes.
 */

/** Chromium's install prompt event (not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>
}

function readWords(): Words | null {
  const element = document.getElementById(LITE_WORDS_ELEMENT_ID)
  try {
    return element?.textContent ? (JSON.parse(element.textContent) as Words) : null
  } catch {
    return null
  }
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]>,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props)
  node.append(...children)
  return node
}

/** The header's "Sign in" link: where a visitor's controls go. */
const signInLink = () => document.querySelector<HTMLAnchorElement>('.main-nav a[href="/login"]')

/** Where the app keeps that the phone's install line was put away (src/components/AppStatus.tsx). */
const LINE_DISMISSED = 'soko:install-line-dismissed'
const signedIn = () => /(?:^|;\s*)auth_token=[^;]/.test(document.cookie)

function lineDismissed(): boolean {
  try {
    return localStorage.getItem(LINE_DISMISSED) !== null
  } catch {
    return false
  }
}

/**
 * The install offer while the browser makes it, as the app shows it: "Install Soko" in the header of a
 * wide screen; on a phone a line floating at the bottom (the stylesheet shows one or the other).
 */
function offerInstall(words: Words) {
  let offer = (window as unknown as Record<string, InstallPromptEvent | undefined>)[EARLY_INSTALL_PROMPT]
  let shown: HTMLElement[] = []
  const hide = () => {
    for (const node of shown) node.remove()
    shown = []
  }
  const install = () => {
    const event = offer
    offer = undefined
    hide()
    void event?.prompt()
  }
  const installButton = (className: string) => {
    const button = element('button', { type: 'button', className }, words.install)
    button.addEventListener('click', install)
    return button
  }
  const show = () => {
    if (shown.length || !offer) return
    const header = installButton('link-button install-button')
    ;(signInLink() ?? document.querySelector('.main-nav > :last-child'))?.before(header)
    shown.push(header)
    if (signedIn() || lineDismissed()) return
    const notNow = element('button', { type: 'button', className: 'link-button' }, words.notNow)
    const line = element(
      'p',
      { className: 'app-status-line install-line' },
      `${words.installLine} `,
      installButton('link-button'),
      notNow,
    )
    notNow.addEventListener('click', () => {
      try {
        localStorage.setItem(LINE_DISMISSED, '1')
      } catch {
        // A private window without storage shows the line again next time.
      }
      line.remove()
    })
    document.querySelector('.app-status')?.append(line)
    shown.push(line)
  }
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    offer = event as InstallPromptEvent
    show()
  })
  addEventListener('appinstalled', () => {
    offer = undefined
    hide()
  })
  show()
}

/** A signed-in visitor's way to their account (the app's menu is in the account's pages). */
function accountLink(words: Words) {
  if (!signedIn()) return
  const link = signInLink()
  if (!link) return
  link.textContent = words.account
  link.href = '/account'
}

/** This page's address to share: the canonical origin and the path, without the query. */
function pageUrl(): string {
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href
  return new URL(location.pathname, canonical || location.href).href
}

/** The share row the server leaves empty: the share sheet where there is one, else WhatsApp and Copy link. */
function fillShare(box: HTMLElement, words: Words) {
  const title = box.dataset.title ?? document.title
  const text = box.dataset.text ?? title
  const link = box.dataset.url ?? pageUrl()
  const status = box.querySelector<HTMLElement>('.share-status')
  const links = () => {
    box.querySelector('.share-native')?.remove()
    const whatsapp = element(
      'a',
      {
        className: 'button secondary',
        href: `https://wa.me/?text=${encodeURIComponent(`${text} ${link}`)}`,
        target: '_blank',
        rel: 'noopener noreferrer',
      },
      element('span', { className: 'visually-hidden' }, `${words.shareOn} `),
      'WhatsApp',
    )
    const copy = element('button', { type: 'button', className: 'button secondary' }, words.copyLink)
    copy.addEventListener('click', () => {
      const say = (text: string) => {
        if (status) status.textContent = text
      }
      navigator.clipboard.writeText(link).then(
        () => say(words.linkCopied),
        () => say(words.copyThis.replace('{link}', link)),
      )
    })
    box.prepend(whatsapp, copy)
  }
  if (typeof navigator.share !== 'function') return links()
  const native = element(
    'button',
    { type: 'button', className: 'button secondary share-native' },
    words.share,
  )
  native.addEventListener('click', () => {
    navigator.share({ title, text, url: link }).catch((error: unknown) => {
      // Closing the sheet is an AbortError; any other refusal gets the links instead.
      if ((error as Error).name !== 'AbortError') links()
    })
  })
  box.prepend(native)
}

/** A product's thumbnails show their photo large, as in the app. */
function galleries() {
  for (const gallery of document.querySelectorAll<HTMLElement>('.gallery')) {
    const large = gallery.querySelector<HTMLImageElement>(':scope > img')
    const thumbs = [...gallery.querySelectorAll<HTMLButtonElement>('.gallery-thumbs button')]
    for (const thumb of thumbs)
      thumb.addEventListener('click', () => {
        const photo = thumb.querySelector('img')
        if (!large || !photo) return
        large.srcset = photo.srcset
        large.src = photo.src
        for (const other of thumbs) other.setAttribute('aria-pressed', String(other === thumb))
      })
  }
}

const words = readWords()
if (words) {
  offerInstall(words)
  accountLink(words)
  for (const box of document.querySelectorAll<HTMLElement>('.share[data-title]')) fillShare(box, words)
}
galleries()
document.documentElement.dataset.lite = 'started'
