import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Component, lazy, type ReactNode, Suspense, useState } from 'react'
import { importHandlingErrors, isChunkLoadError } from '../../../lib/reload'
import type { RichTextEditorProps } from './RichTextEditor'

type EditorModule = typeof import('./RichTextEditor')

// Tiptap and ProseMirror are large and only sellers write descriptions: the editor is a chunk of its own,
// fetched when an editor page shows it, never with the pages buyers see.
const editorFrom = (load: () => Promise<EditorModule>) =>
  lazy(() => importHandlingErrors(load).then((module) => ({ default: module.RichTextEditor })))
let Editor = editorFrom(() => import('./RichTextEditor'))
let retries = 0

/**
 * The editor's chunk fetched again after it failed. A browser keeps a failed module's error for the life of
 * the page and never asks the network again for that address, so the chunk is fetched under another one:
 * its own address (Chromium and Firefox name it in the error) with ?retry=N. Where the error does not name
 * it, the import is simply made again.
 */
function reloadEditor(error: unknown) {
  const named = /\bhttps?:\/\/\S+?\.js\b/.exec(error instanceof Error ? error.message : String(error))?.[0]
  const url = named ? new URL(named) : null
  retries++
  Editor =
    url && url.origin === location.origin
      ? editorFrom(
          () => import(/* @vite-ignore */ `${url.pathname}?retry=${retries}`) as Promise<EditorModule>,
        )
      : editorFrom(() => import('./RichTextEditor'))
}

/** Catches the editor's failure to load (or to run) and shows it with a way to try again. */
class EditorBoundary extends Component<
  { children: ReactNode; failed: (error: unknown) => ReactNode },
  { error: unknown }
> {
  override state: { error: unknown } = { error: null }
  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('The editor failed') }
  }
  override componentDidCatch(error: unknown) {
    console.error('The description editor failed', error)
  }
  override render() {
    return this.state.error ? this.props.failed(this.state.error) : this.props.children
  }
}

/** The editor's place on the page while it loads or when it could not: the same size, so nothing moves. */
function Placeholder({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="field rich-text-field">
      <span className="label">{label}</span>
      <div className="rich-text-tools rich-text-tools-pending" />
      <div className="rich-text-box rich-text-pending">{children}</div>
    </div>
  )
}

/**
 * The description editor (RichTextEditor), loaded when it is first shown. Meanwhile a box says it is
 * loading; if it cannot load, the box says so and offers to try again. The rest of the form works all the
 * while, and the description is kept as it was.
 */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  const [attempt, setAttempt] = useState(0)
  return (
    <EditorBoundary
      key={attempt}
      failed={(error) => {
        const notLoaded = isChunkLoadError(error)
        return (
          <Placeholder label={props.label}>
            <div role="alert">
              <p>
                {notLoaded
                  ? t`The editor could not load. Check your connection, then try again.`
                  : t`The editor stopped working. Try again to reopen it.`}{' '}
                <Trans>
                  The description is kept as it was, and the rest of the form can be saved meanwhile.
                </Trans>
              </p>
              <button
                type="button"
                className="button secondary"
                onClick={() => {
                  if (notLoaded) reloadEditor(error)
                  setAttempt((n) => n + 1)
                }}
              >
                <Trans>
                  <Trans>Try again</Trans>
                </Trans>
              </button>
            </div>
          </Placeholder>
        )
      }}
    >
      <Suspense
        fallback={
          <Placeholder label={props.label}>
            <p role="status" className="muted">
              <Trans>
                <Trans>Loading the editor…</Trans>
              </Trans>
            </p>
          </Placeholder>
        }
      >
        <Editor {...props} />
      </Suspense>
    </EditorBoundary>
  )
}
