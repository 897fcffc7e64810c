import { writeFileSync } from 'node:fs'
import sharp from 'sharp'
import { renderSVG } from 'uqr'

/**
 * A video for Chromium's fake camera (`--use-file-for-fake-video-capture`): a Y4M file (YUV 4:2:0) whose
 * frames all show `text` as a QR code on white, as a ticket held up to a phone would.
 */
export async function qrVideo(file: string, text: string, { width = 640, height = 480, frames = 10 } = {}) {
  const side = Math.round(height * 0.7)
  const qr = await sharp(Buffer.from(renderSVG(text, { border: 2 })))
    .resize(side, side, { kernel: 'nearest' })
    .png()
    .toBuffer()
  const rgb = await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite([{ input: qr, left: Math.round((width - side) / 2), top: Math.round((height - side) / 2) }])
    .removeAlpha()
    .raw()
    .toBuffer()
  const y = Buffer.alloc(width * height)
  const u = Buffer.alloc((width / 2) * (height / 2))
  const v = Buffer.alloc((width / 2) * (height / 2))
  for (let row = 0; row < height; row++)
    for (let col = 0; col < width; col++) {
      const i = (row * width + col) * 3
      const [r, g, b] = [rgb[i] ?? 0, rgb[i + 1] ?? 0, rgb[i + 2] ?? 0]
      y[row * width + col] = Math.round(0.299 * r + 0.587 * g + 0.114 * b)
      if (row % 2 === 0 && col % 2 === 0) {
        const k = (row / 2) * (width / 2) + col / 2
        u[k] = Math.round(-0.169 * r - 0.331 * g + 0.5 * b + 128)
        v[k] = Math.round(0.5 * r - 0.419 * g - 0.081 * b + 128)
      }
    }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, u, v])
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`),
      ...Array.from({ length: frames }, () => frame),
    ]),
  )
}
