import type { Plugin } from 'vite'

/**
 * What the service worker downloads for every visitor at install: the shell and the pages a buyer opens with
 * no network (home, explore, products, creators, purchases, bookings and the library). Left out are the
 * seller's and admin's pages, the pages that can do nothing offline (signing in or up, checkout, booking,
 * paying an invoice) and heavy extras few people open. The worker keeps those the first time they are used
 * (sw/assets.ts), so a page opened once online opens again offline.
 *
 * Route chunks are recognised by their route file, lazily loaded parts by their module; what only they reach
 * is left out with them. A chunk that a kept page also reaches stays in, and so does one a kept chunk
 * imports directly, whatever it holds.
 */
const LEFT_OUT_ROUTES = new RegExp(
  `src/routes/(_default-old|_default/(${[
    // The seller's and admin's pages.
    'admin',
    'account/(bookings|check-in|create|customers|invoices|new-product|products|services|settings|transactions|verify|withdraw)',
    // Pages that need the network to do anything (the pay page /p lives under _default-old).
    'login|signup|register|reset|verify|verify-email|invite|contact-us|book|sucess-payment',
  ].join('|')}))[./]`,
)
const LEFT_OUT_MODULES = [
  // Firebase's SDK, only where Firebase sign-in is configured (~30 KB).
  /src\/features\/accounts\/FirebaseSignIn\.tsx$/,
  // The description editor (Tiptap, ~110 KB) and invoice sync, for sellers.
  /src\/features\/catalog\/seller\/RichTextEditor\.tsx$/,
  /src\/features\/invoices\/start-sync\.ts$/,
  // The QR decoder of ticket check-in (~26 KB).
  /node_modules\/jsqr\//,
  // Buying, reporting a product and waiting for an M-Pesa payment need the network (each is loaded lazily:
  // a module a kept page imports directly must stay).
  /src\/features\/checkout\/Checkout\.tsx$/,
  /src\/features\/catalog\/ReportProduct\.tsx$/,
  /src\/features\/checkout\/MpesaWait\.tsx$/,
  // A buyer moving a booking from its order page (the seller's agenda is a seller's page, left out above).
  /src\/features\/bookings\/(BookingActions\.tsx|bookings\.queries\.ts)$/,
  // Kiswahili's catalogs and their loader: fetched only when Kiswahili is chosen, then kept when used.
  /src\/lib\/i18n-sw\.ts$/,
  /locales\/sw\/[\w-]+\.po$/,
  // The signed-in header's menu: any page a signed-in person opens online loads it, and the worker keeps it.
  /src\/components\/AccountMenu\.tsx$/,
]
/**
 * Files other than scripts and styles fetched when used, not at install: the install icons (the browser
 * fetches them itself when the app is installed) and the data of the contact page, left out above.
 */
const LEFT_OUT_FILES = [/^icons\//, /^contact-us\//]

/** What the build plugins read of an output chunk. */
export interface ChunkLike {
  type: 'chunk'
  fileName: string
  isEntry: boolean
  facadeModuleId: string | null
  moduleIds: string[]
  imports: string[]
  dynamicImports: string[]
  viteMetadata?: { importedCss: Set<string> }
}

/** The bundle's chunks by file name. */
export function chunksOf(bundle: Record<string, { type: string }>): Map<string, ChunkLike> {
  const chunks = new Map<string, ChunkLike>()
  for (const [name, output] of Object.entries(bundle))
    if (output.type === 'chunk') chunks.set(name, output as unknown as ChunkLike)
  return chunks
}

/** The files a buyer's phone precaches: entry chunks and what they reach, not through the left-out ones. */
function precachedFiles(bundle: Record<string, { type: string }>): Set<string> {
  const chunks = chunksOf(bundle)
  const leftOut = (chunk: ChunkLike) => {
    // A lazily loaded module shared with nothing else may come without a facade: its modules tell.
    const modules = chunk.facadeModuleId ? [chunk.facadeModuleId] : chunk.moduleIds
    return (
      modules.length > 0 &&
      modules.every((id) => LEFT_OUT_ROUTES.test(id) || LEFT_OUT_MODULES.some((pattern) => pattern.test(id)))
    )
  }
  const kept = new Set<string>()
  // `needed`: a kept chunk imports it directly, so it cannot run without it: only what is loaded lazily
  // (a route, a part loaded when used) may be left out.
  const visit = (name: string, needed: boolean) => {
    const chunk = chunks.get(name)
    if (!chunk || kept.has(name) || (!needed && leftOut(chunk))) return
    kept.add(name)
    for (const css of chunk.viteMetadata?.importedCss ?? []) kept.add(css)
    for (const next of chunk.imports) visit(next, true)
    for (const next of chunk.dynamicImports) visit(next, false)
  }
  for (const [name, chunk] of chunks) if (chunk.isEntry) visit(name, true)
  // The whole stylesheet as a file (scripts/page-assets.ts inlineStyles): the app loads it on a page whose
  // styles the server cut, which an offline start may be (a kept copy of a public page).
  for (const name of Object.keys(bundle)) if (/^assets\/styles-[\w-]+\.css$/.test(name)) kept.add(name)
  return kept
}

/**
 * The plan as a pair: a build plugin that reads the bundle's chunk graph, and the transform the service
 * worker's manifest goes through, which keeps the planned scripts and styles and every other file but the
 * left-out ones.
 */
export function precachePlan() {
  let planned: Set<string> | undefined
  const plugin: Plugin = {
    name: 'soko:precache-plan',
    apply: 'build',
    generateBundle(_options, bundle) {
      planned = precachedFiles(bundle)
    },
  }
  const transform = async <Entry extends { url: string }>(entries: Entry[]) => {
    if (!planned) throw new Error('precache plan: the bundle was not seen before the worker was built')
    const kept = planned
    const manifest = entries.filter(({ url }) =>
      /\.(js|css)$/.test(url) ? kept.has(url) : !LEFT_OUT_FILES.some((pattern) => pattern.test(url)),
    )
    return { manifest, warnings: [] }
  }
  return { plugin, transform }
}
