import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useRef, useState } from 'react'

/** How often a frame is read: fast enough to feel instant, light enough for a cheap phone. */
const EVERY_MS = 100
/** Frames are read at this width: a ticket's QR held up to the camera is still many pixels wide. */
const WIDTH = 480
/** The same code again within this time is the same ticket still in view, not a second scan. */
const SAME_CODE_MS = 3000

type State = 'off' | 'starting' | 'on' | 'denied' | 'unavailable'

let decoder: Promise<typeof import('jsqr')> | undefined
/**
 * jsQR (~26 KB), fetched when the check-in page opens, not at install by every phone: the door's phone has
 * it, in memory and in the service worker's cache, before the network goes.
 */
function loadDecoder() {
  decoder ??= import('jsqr').catch((error: unknown) => {
    decoder = undefined
    throw error
  })
  return decoder
}

/**
 * The phone's camera as a ticket scanner: frames read with a JavaScript QR decoder (jsQR, loaded with the
 * scanner so it works offline), each new code handed to `onCode` with the moment its frame was taken
 * (`performance.now()`), for the verdict. The camera stops when the scanner is closed or the page left.
 */
export function Scanner({ onCode }: { onCode: (code: string, frameAt: number) => void }) {
  const video = useRef<HTMLVideoElement>(null)
  const [state, setState] = useState<State>('off')
  const stream = useRef<MediaStream | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const last = useRef<{ code: string; at: number } | null>(null)
  const handler = useRef(onCode)
  handler.current = onCode

  const stop = useCallback(() => {
    clearTimeout(timer.current)
    for (const track of stream.current?.getTracks() ?? []) track.stop()
    stream.current = null
  }, [])
  useEffect(() => stop, [stop])
  useEffect(() => {
    loadDecoder().catch(() => {}) // offline and never kept: pressing "Scan" says the camera is unavailable
  }, [])

  const start = async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('unavailable')
      return
    }
    setState('starting')
    try {
      const [{ default: jsQR }, media] = await Promise.all([
        loadDecoder(),
        navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment', width: { ideal: 1280 } },
          audio: false,
        }),
      ])
      stream.current = media
      const element = video.current
      if (!element) return stop()
      element.srcObject = media
      await element.play()
      setState('on')
      const canvas = document.createElement('canvas')
      const context = canvas.getContext('2d', { willReadFrequently: true })
      const read = () => {
        if (!stream.current || !context) return
        const frameAt = performance.now()
        if (element.videoWidth > 0) {
          const scale = Math.min(1, WIDTH / element.videoWidth)
          canvas.width = Math.round(element.videoWidth * scale)
          canvas.height = Math.round(element.videoHeight * scale)
          context.drawImage(element, 0, 0, canvas.width, canvas.height)
          const image = context.getImageData(0, 0, canvas.width, canvas.height)
          const found = jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })
          const code = found?.data.trim()
          if (code && (code !== last.current?.code || frameAt - last.current.at > SAME_CODE_MS)) {
            last.current = { code, at: frameAt }
            handler.current(code, frameAt)
          }
        }
        timer.current = setTimeout(read, EVERY_MS)
      }
      read()
    } catch (error) {
      stop()
      setState(error instanceof DOMException && error.name === 'NotAllowedError' ? 'denied' : 'unavailable')
    }
  }

  const { t } = useLingui()
  const live = state === 'on' || state === 'starting'
  return (
    <div className="scanner">
      <video
        ref={video}
        className="scanner-video"
        hidden={!live}
        playsInline
        muted
        aria-label={t`Camera view`}
      />
      {live ? (
        <button
          type="button"
          className="button secondary"
          onClick={() => {
            stop()
            setState('off')
          }}
        >
          <Trans>Stop the camera</Trans>
        </button>
      ) : (
        <button type="button" className="button" onClick={() => void start()}>
          <Trans>Scan with the camera</Trans>
        </button>
      )}
      {state === 'denied' ? (
        <p role="alert">
          <Trans>
            The camera is blocked for Soko: allow it in the browser's site settings, or type codes.
          </Trans>
        </p>
      ) : state === 'unavailable' ? (
        <p role="alert">
          <Trans>No camera could be opened on this device: type the codes or names instead.</Trans>
        </p>
      ) : null}
    </div>
  )
}
