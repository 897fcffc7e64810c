import { DEFAULT_LANG, LANGS, type Lang } from '../../contract/i18n'
import { type PageMeta, pageMeta, pageTitle, SITE_DESCRIPTION, SITE_KEYWORDS } from '../../contract/pages'
import type { AppRoute } from '../../contract/routes'
import { escapeHtml, insertAt } from '../lib/html'
import { translate } from '../lib/i18n'

/** What a page's head says; catalog pages (storefront.ts) pass their product's or creator's own title, text and image. */
export interface Head {
  title: string
  description: string
  /** Absolute; none on a 404. */
  canonical: string | null
  image: string
  /** The share image's size when known (Soko's own card is 1200×630). */
  imageSize: { width: number; height: number } | null
  noindex: boolean
  /** The language the page is written in; its alternates name the others. */
  lang: Lang
}

/** Share-card image: 1200×630, made by scripts/icons.mjs. */
export const OG_IMAGE_PATH = '/icons/og-1200x630.png'

export function headFor(
  route: AppRoute | null,
  pathname: string,
  siteUrl: string,
  lang: Lang = DEFAULT_LANG,
): Head {
  const meta: PageMeta = route ? pageMeta[route] : {}
  // 'Page Not Found' is the same in every language: tools and people search for it.
  // i18n-ignore: the title tools look for stays English (docs/swahili.md)
  const name = route ? meta.name && translate(lang, meta.name) : 'Page Not Found'
  return {
    title: pageTitle(name),
    description: translate(lang, meta.description ?? SITE_DESCRIPTION),
    canonical: route ? new URL(pathname, `${siteUrl}/`).href : null,
    image: `${siteUrl}${OG_IMAGE_PATH}`,
    imageSize: { width: 1200, height: 630 },
    noindex: route === null || meta.private === true,
    lang,
  }
}

/** The page's address in a language: English is the plain address, another adds `?lang=`. */
export function inLanguage(canonical: string, lang: Lang): string {
  if (lang === DEFAULT_LANG) return canonical
  const url = new URL(canonical)
  url.searchParams.set('lang', lang)
  return url.href
}

/** The head's title, description, keywords, canonical link, Open Graph and Twitter card tags. */
export function headTags(head: Head): string {
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    meta('name', 'keywords', SITE_KEYWORDS),
    head.noindex ? meta('name', 'robots', 'noindex') : '',
    head.canonical
      ? `<link rel="canonical" href="${escapeHtml(inLanguage(head.canonical, head.lang))}" />`
      : '',
    ...(head.canonical
      ? [
          ...LANGS.map(
            (lang) =>
              `<link rel="alternate" hreflang="${lang}" href="${escapeHtml(inLanguage(head.canonical as string, lang))}" />`,
          ),
          `<link rel="alternate" hreflang="x-default" href="${escapeHtml(head.canonical)}" />`,
        ]
      : []),
    meta('property', 'og:locale', head.lang === 'sw' ? 'sw_KE' : 'en_US'),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Soko'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    head.canonical ? meta('property', 'og:url', inLanguage(head.canonical, head.lang)) : '',
    meta('property', 'og:image', head.image),
    head.imageSize ? meta('property', 'og:image:width', String(head.imageSize.width)) : '',
    head.imageSize ? meta('property', 'og:image:height', String(head.imageSize.height)) : '',
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image),
  ]
    .filter(Boolean)
    .join('\n    ')
}

/**
 * Puts the head into a page template, replacing the template's own title, description and keywords, and
 * names the page's language on `<html>`.
 */
export function withHead(template: string, head: Head): string {
  const stripped = template
    .replace(/<html(?: lang="[^"]*")?/, `<html lang="${head.lang}"`)
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="(description|keywords)"[^>]*>\s*/g, '')
  return insertAt(stripped, '</head>', `    ${headTags(head)}\n  </head>`)
}
