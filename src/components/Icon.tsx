/**
 * The app's icons, drawn here as SVG paths and bundled with the code: no icon is ever fetched at run time,
 * so none can hang a page on a slow link (so the 1500 ms icon timeout in docs/product.md never comes into play).
 * 24×24, stroked with the current text colour.
 */
const paths = {
  bag: 'M6 8h12l-1 12H7L6 8Zm3 0V6a3 3 0 0 1 6 0v2',
  phone: 'M8 2h8a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1Zm3 17h2',
  offline: 'M2 8.5a15 15 0 0 1 20 0M5 12a10 10 0 0 1 14 0M8.5 15.5a5 5 0 0 1 7 0M12 19h.01M3 3l18 18',
  download: 'M12 3v12m0 0-4-4m4 4 4-4M4 17v3h16v-3',
  calendar: 'M4 6h16v14H4V6Zm0 4h16M8 3v4m8-4v4',
  ticket: 'M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4V7Zm11 0v10',
  invoice: 'M6 3h9l3 3v15H6V3Zm3 6h6m-6 4h6m-6 4h4',
  card: 'M3 6h18v12H3V6Zm0 4h18M7 15h3',
  wallet: 'M4 7h15v12H4V7Zm0 0 11-3v3m1 6h.01',
  bolt: 'M13 2 5 14h6l-1 8 8-12h-6l1-8Z',
  install: 'M12 3v10m0 0-4-4m4 4 4-4M6 15v4h12v-4',
  share: 'M12 3v12M8 7l4-4 4 4M6 11H5v10h14V11h-1',
  check: 'M5 12l4 4 10-10',
  link: 'M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7',
  bullets: 'M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01',
  numbers: 'M10 6h10M10 12h10M10 18h10M4 4.5 5.5 3v5M3.5 14a1.5 1.5 0 0 1 3 0c0 1.2-3 2.3-3 4h3',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Zm5-2 5 5',
  shield: 'M12 3 5 6v6c0 4 3 7.5 7 9 4-1.5 7-5 7-9V6l-7-3Zm-3 9 2 2 4-4',
} as const

export type IconName = keyof typeof paths

/**
 * One of the icons above by `name`, or a path of one screen's own (`d`), which then travels in that
 * screen's code instead of every page's.
 */
export function Icon({
  name,
  d,
  label,
  size = 24,
}: { label?: string; size?: number } & ({ name: IconName; d?: never } | { d: string; name?: never })) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d={d ?? paths[name as IconName]} />
    </svg>
  )
}
