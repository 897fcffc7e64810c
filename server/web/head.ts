import { type PageMeta, pageMeta, pageTitle, SITE_DESCRIPTION, SITE_KEYWORDS } from '../../contract/pages'
import type { AppRoute } from '../../contract/routes'
import { escapeHtml, insertAt } from '../lib/html'

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
}

/** Share-card image: 1200×630, made by scripts/icons.mjs. */
export const OG_IMAGE_PATH = '/icons/og-1200x630.png'

export function headFor(route: AppRoute | null, pathname: string, siteUrl: string): Head {
  const meta: PageMeta = route ? pageMeta[route] : { name: 'Page Not Found' }
  return {
    title: pageTitle(meta.name),
    description: meta.description ?? SITE_DESCRIPTION,
    canonical: route ? new URL(pathname, `${siteUrl}/`).href : null,
    image: `${siteUrl}${OG_IMAGE_PATH}`,
    imageSize: { width: 1200, height: 630 },
    noindex: route === null || meta.private === true,
  }
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
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}" />` : '',
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Soko'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    head.canonical ? meta('property', 'og:url', head.canonical) : '',
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

/** Puts the head into a page template, replacing the template's own title, description and keywords. */
export function withHead(template: string, head: Head): string {
  const stripped = template
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="(description|keywords)"[^>]*>\s*/g, '')
  return insertAt(stripped, '</head>', `    ${headTags(head)}\n  </head>`)
}
