import { wrap } from './file-writers'

/**
 * The demo products' photos, drawn at seed time: an SVG of bold shapes and the product's title, rendered
 * to PNG by sharp, then put through the same resizing as a seller's upload. Drawn in code so the
 * repository carries no images and every product has its own. Text uses the generic sans-serif: where the
 * machine has no fonts at all the title is simply missing and the shapes still make a cover.
 */

export type Motif = 'city' | 'paperwork' | 'kanga' | 'call' | 'tee' | 'tee-colours' | 'meetup'

export interface Cover {
  motif: Motif
  title: string
  /** A short line under the title, e.g. the date of an event. */
  caption?: string
}

const [W, H] = [1600, 1200]

/** The same pseudo-random shapes on every seed (mulberry32). */
function random(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

function gradient(id: string, from: string, to: string, vertical = true) {
  return (
    `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`
  )
}

/** A T-shirt of about 400×400 at (x, y). */
const tee = (x: number, y: number, scale: number, fill: string) =>
  `<path transform="translate(${x} ${y}) scale(${scale})" fill="${fill}" stroke="#00000022" stroke-width="4" ` +
  'd="M130 20 L60 50 L0 130 L60 172 L92 142 L92 400 L308 400 L308 142 L340 172 L400 130 L340 50 L270 20 ' +
  'Q200 74 130 20 Z"/>'

/** Kanga-like print: dots and triangles on a colour, as an SVG pattern. */
const kangaPattern = (id: string, ground: string, ink: string, accent: string) =>
  `<pattern id="${id}" width="80" height="80" patternUnits="userSpaceOnUse"><rect width="80" height="80" fill="${ground}"/>` +
  `<circle cx="20" cy="20" r="9" fill="${ink}"/><circle cx="60" cy="60" r="9" fill="${ink}"/>` +
  `<path d="M60 8 L72 30 L48 30 Z" fill="${accent}"/><path d="M20 48 L32 70 L8 70 Z" fill="${accent}"/></pattern>`

/** Each motif: its defs, its shapes, and the colours of the title band. */
function motif(cover: Cover): { defs: string; art: string; band: string; ink: string } {
  const r = random(cover.title.length * 7919)
  switch (cover.motif) {
    case 'city': {
      let buildings = ''
      for (let x = -20; x < W; ) {
        const w = 90 + Math.floor(r() * 90)
        const h = 220 + Math.floor(r() * 330)
        buildings += `<rect x="${x}" y="${820 - h}" width="${w}" height="${h + 380}" fill="#0d1526"/>`
        for (let wy = 820 - h + 24; wy < 860; wy += 42)
          for (let wx = x + 16; wx < x + w - 24; wx += 30)
            if (r() < 0.45)
              buildings += `<rect x="${wx}" y="${wy}" width="14" height="22" fill="#ffd27a" opacity="${(0.5 + r() / 2).toFixed(2)}"/>`
        x += w + 8
      }
      return {
        defs: gradient('sky', '#0b1d3a', '#5b2a6e'),
        art:
          `<rect width="${W}" height="${H}" fill="url(#sky)"/>` +
          '<circle cx="1250" cy="250" r="240" fill="#f6c26b" opacity="0.15"/>' +
          '<circle cx="1250" cy="250" r="150" fill="#f6c26b"/>' +
          buildings,
        band: '#070d19',
        ink: '#ffffff',
      }
    }
    case 'paperwork': {
      const sheet = (x: number, y: number, angle: number, head: string) =>
        `<g transform="rotate(${angle} ${x + 300} ${y + 380})">` +
        `<rect x="${x + 14}" y="${y + 18}" width="600" height="760" rx="18" fill="#0000001f"/>` +
        `<rect x="${x}" y="${y}" width="600" height="760" rx="18" fill="#ffffff"/>` +
        `<rect x="${x}" y="${y}" width="600" height="110" rx="18" fill="${head}"/>` +
        Array.from(
          { length: 9 },
          (_, i) =>
            `<rect x="${x + 50}" y="${y + 160 + i * 52}" width="${i % 3 === 2 ? 300 : 500}" height="20" rx="10" fill="#d8e2dc"/>`,
        ).join('') +
        '</g>'
      return {
        defs: gradient('bg', '#e6f4ee', '#b9dccb'),
        art:
          `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
          sheet(260, 40, -9, '#1f7a5a') +
          sheet(760, 20, 6, '#264653') +
          '<g transform="rotate(-16 1220 560)"><circle cx="1220" cy="560" r="150" fill="none" stroke="#d94f30" stroke-width="18"/>' +
          '<text x="1220" y="592" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="92" fill="#d94f30">PAID</text></g>',
        band: '#123c30',
        ink: '#ffffff',
      }
    }
    case 'kanga': {
      let strokes = ''
      for (let i = 0; i < 5; i++) {
        const y = 250 + i * 95
        strokes += `<path d="M${380 + r() * 60} ${y} C ${620} ${y - 90}, ${900} ${y + 90}, ${1180 + r() * 60} ${y}" fill="none" stroke="${['#111111', '#c0262d', '#1b7f4b'][i % 3]}" stroke-width="${26 + i * 6}" stroke-linecap="round"/>`
      }
      return {
        defs: kangaPattern('kanga', '#c0262d', '#ffffff', '#f7d046'),
        art:
          `<rect width="${W}" height="${H}" fill="url(#kanga)"/>` +
          '<rect x="90" y="90" width="1420" height="700" rx="24" fill="#f7d046"/>' +
          '<circle cx="800" cy="440" r="300" fill="#fff6d6"/>' +
          '<circle cx="800" cy="440" r="300" fill="none" stroke="#111111" stroke-width="14" stroke-dasharray="4 26" stroke-linecap="round"/>' +
          strokes,
        band: '#111111',
        ink: '#f7d046',
      }
    }
    case 'call': {
      const person = (x: number, y: number, skin: string, shirt: string) =>
        `<circle cx="${x}" cy="${y}" r="70" fill="${skin}"/>` +
        `<path d="M${x - 130} ${y + 250} Q${x - 130} ${y + 95} ${x} ${y + 95} Q${x + 130} ${y + 95} ${x + 130} ${y + 250} Z" fill="${shirt}"/>`
      return {
        defs: gradient('bg', '#ffe3d3', '#ffb38f'),
        art:
          `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
          '<rect x="140" y="110" width="980" height="640" rx="36" fill="#2b2d42"/>' +
          '<rect x="180" y="150" width="440" height="520" rx="22" fill="#8d99ae"/>' +
          '<rect x="640" y="150" width="440" height="520" rx="22" fill="#edf2f4"/>' +
          person(400, 380, '#8d5524', '#ef476f') +
          person(860, 380, '#c68642', '#118ab2') +
          '<rect x="560" y="690" width="140" height="40" rx="20" fill="#ef476f"/>' +
          '<circle cx="1340" cy="420" r="180" fill="#ffffff"/>' +
          // 45 minutes: three quarters of the dial, from 12 round to 9.
          '<path d="M1340 420 L1340 270 A150 150 0 1 1 1190 420 Z" fill="#ef476f"/>' +
          '<circle cx="1340" cy="420" r="14" fill="#2b2d42"/>',
        band: '#2b2d42',
        ink: '#ffffff',
      }
    }
    case 'tee':
      return {
        defs: kangaPattern('print', '#1d3557', '#f1faee', '#e63946'),
        art:
          `<rect width="${W}" height="${H}" fill="#f4efe6"/>` +
          '<circle cx="800" cy="430" r="380" fill="#e9dcc5"/>' +
          tee(520, 110, 1.4, 'url(#print)'),
        band: '#1d3557',
        ink: '#f1faee',
      }
    case 'tee-colours':
      return {
        defs: kangaPattern('print', '#1d3557', '#f1faee', '#e63946'),
        art:
          `<rect width="${W}" height="${H}" fill="#f4efe6"/>` +
          tee(110, 260, 1.05, '#1b1b1b') +
          tee(590, 260, 1.05, '#2f3e8f') +
          tee(1070, 260, 1.05, '#d9c7a3') +
          ['Black', 'Indigo', 'Sand']
            .map(
              (name, i) =>
                `<text x="${320 + i * 480}" y="200" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="56" fill="#1d3557">${name}</text>`,
            )
            .join(''),
        band: '#1d3557',
        ink: '#f1faee',
      }
    case 'meetup': {
      let confetti = ''
      const colours = ['#ffd166', '#06d6a0', '#4cc9f0', '#ffffff', '#f72585']
      for (let i = 0; i < 70; i++) {
        const [x, y] = [Math.floor(r() * W), Math.floor(r() * 820)]
        const fill = colours[i % colours.length]
        confetti +=
          i % 2
            ? `<circle cx="${x}" cy="${y}" r="${8 + Math.floor(r() * 14)}" fill="${fill}" opacity="0.85"/>`
            : `<rect x="${x}" y="${y}" width="34" height="14" rx="4" fill="${fill}" transform="rotate(${Math.floor(r() * 180)} ${x} ${y})"/>`
      }
      const bubble = (x: number, y: number, w: number, fill: string) =>
        `<rect x="${x}" y="${y}" width="${w}" height="150" rx="75" fill="${fill}"/>` +
        `<path d="M${x + 90} ${y + 140} L${x + 60} ${y + 210} L${x + 150} ${y + 146} Z" fill="${fill}"/>`
      return {
        defs: gradient('bg', '#3a0ca3', '#f72585', false),
        art:
          `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
          confetti +
          bubble(180, 200, 520, '#ffffff') +
          bubble(800, 380, 720, '#ffd166') +
          '<circle cx="330" cy="275" r="22" fill="#3a0ca3"/><circle cx="420" cy="275" r="22" fill="#3a0ca3"/>' +
          '<circle cx="510" cy="275" r="22" fill="#3a0ca3"/>' +
          '<text x="1160" y="474" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="52" ' +
          'fill="#240046">Meet · Make · Share</text>',
        band: '#240046',
        ink: '#ffffff',
      }
    }
  }
}

/** The cover as SVG: the motif above, the title (and caption) on a band below. */
export function coverSvg(cover: Cover): string {
  const { defs, art, band, ink } = motif(cover)
  const lines = wrap(cover.title, 26).slice(0, 3)
  const size = 84
  const bottom = H - (cover.caption ? 120 : 70)
  const text = lines
    .map(
      (line, i) =>
        `<text x="110" y="${bottom - (lines.length - 1 - i) * (size + 12)}" font-family="sans-serif" ` +
        `font-weight="700" font-size="${size}" fill="${ink}">${esc(line)}</text>`,
    )
    .join('')
  const caption = cover.caption
    ? `<text x="112" y="${H - 56}" font-family="sans-serif" font-size="44" fill="${ink}" opacity="0.85">${esc(cover.caption)}</text>`
    : ''
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<defs>${defs}</defs>${art}<rect y="${bottom - lines.length * (size + 12) - 30}" width="${W}" height="${H}" fill="${band}"/>` +
    `${text}${caption}</svg>`
  )
}

/** The cover as a PNG, lightly compressed: it is only read once, by the resizing that follows. */
export async function coverPng(cover: Cover): Promise<Buffer> {
  const { default: sharp } = await import('sharp')
  return sharp(Buffer.from(coverSvg(cover)))
    .png({ compressionLevel: 1 })
    .toBuffer()
}

/** A Procreate brush tip: white marks on black, as Brush Studio's shape source expects. */
export async function brushShapePng(seed: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp')
  const r = random(seed)
  let marks = ''
  for (let i = 0; i < 14 + seed * 4; i++) {
    const [x, y] = [256 + (r() - 0.5) * 300, 256 + (r() - 0.5) * 300]
    marks +=
      seed % 2
        ? `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(6 + r() * 30).toFixed(1)}" fill="#fff" opacity="${(0.4 + r() * 0.6).toFixed(2)}"/>`
        : `<path d="M${x.toFixed(1)} ${y.toFixed(1)} l${(r() * 40).toFixed(1)} ${(-30 - r() * 40).toFixed(1)} l${(20 + r() * 30).toFixed(1)} ${(40 + r() * 30).toFixed(1)} Z" fill="#fff"/>`
  }
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect width="512" height="512" fill="#000"/>' +
    `<circle cx="256" cy="256" r="${120 + seed * 10}" fill="#fff" opacity="0.9"/>${marks}</svg>`
  return sharp(Buffer.from(svg)).greyscale().png().toBuffer()
}
