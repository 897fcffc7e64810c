import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import Link from '@tiptap/extension-link'
import { TextSelection } from '@tiptap/pm/state'
import type { EditorView } from '@tiptap/pm/view'
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react'
import { FieldNotes } from '../../../components/Form'
import { Icon } from '../../../components/Icon'

/** The rel the server gives every link (server/features/catalog/rich-text.ts), so the editor writes it too. */
const LINK_REL = 'noopener noreferrer nofollow'

/**
 * Whether a link address is one the server keeps: http(s) and mailto, or an address on Soko itself (the
 * server's sanitiser keeps relative ones). Whitespace and control characters are ignored as browsers do,
 * so "java\tscript:" is not taken for a relative address.
 */
function keptHref(href: string): boolean {
  const bare = href.replace(/[\s\p{Cc}]/gu, '')
  return /^(https?|mailto):/i.test(bare) || !/^[a-z][a-z0-9+.-]*:/i.test(bare)
}

/**
 * What the seller typed into the link field, as an address: "example.com/shop" becomes
 * https://example.com/shop and "name@example.com" a mailto: link. Null when it is not a web or e-mail
 * address.
 */
export function linkAddress(typed: string): string | null {
  const text = typed.trim()
  if (!text) return null
  let href = text
  if (!/^[a-z][a-z0-9+.-]*:/i.test(text))
    href = /^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(text) ? `mailto:${text}` : `https://${text}`
  try {
    const url = new URL(href)
    if (url.protocol === 'mailto:') return /^[^\s@]+@[^\s@]+$/.test(url.pathname) ? href : null
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
    // A host with a dot (or localhost): "hello" alone is a word, not an address.
    return url.hostname.includes('.') || url.hostname === 'localhost' ? url.href : null
  } catch {
    return null
  }
}

/**
 * Only what the server's sanitiser keeps: paragraphs, line breaks, bold, italic, underline, headings 2 and
 * 3, lists, quotes and links. Code, strike-through and rules are off, so nothing typed here is dropped on
 * save. The trailing empty paragraph StarterKit adds is off too: the server removes it anyway.
 */
export const descriptionExtensions = [
  StarterKit.configure({
    code: false,
    codeBlock: false,
    strike: false,
    horizontalRule: false,
    trailingNode: false,
    heading: { levels: [2, 3] },
    link: false,
  }),
  Link.configure({
    // Typed addresses stay text: a link is made with the Link button, and text typed after it is not
    // swallowed into it (an autolinking link mark is "inclusive").
    autolink: false,
    openOnClick: false,
    linkOnPaste: true,
    defaultProtocol: 'https',
    HTMLAttributes: { target: '_blank', rel: LINK_REL, class: null },
    isAllowedUri: (url) => keptHref(url),
  }),
]

export type RichTextEditorProps = {
  label: string
  name: string
  /** The description's HTML when the editor opens. */
  defaultValue: string
  /** The HTML after each change ('' when the box is empty). */
  onChange: (html: string) => void
  error?: string
  hint?: string
}

type Tool = {
  label: MessageDescriptor
  text: ReactNode
  keys?: string
  active: (editor: Editor) => boolean
  run: (editor: Editor) => void
}

const TOOLS: Tool[] = [
  {
    label: msg`Bold`,
    text: 'B',
    keys: 'Control+B',
    active: (e) => e.isActive('bold'),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    label: msg`Italic`,
    text: 'I',
    keys: 'Control+I',
    active: (e) => e.isActive('italic'),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    // A heading of either level the server keeps; pressed again, back to a paragraph.
    label: msg`Heading`,
    text: 'H',
    keys: 'Control+Alt+2',
    active: (e) => e.isActive('heading'),
    run: (e) =>
      e.isActive('heading')
        ? e.chain().focus().setParagraph().run()
        : e.chain().focus().setHeading({ level: 2 }).run(),
  },
  {
    label: msg`Bulleted list`,
    text: <Icon name="bullets" size={20} />,
    keys: 'Control+Shift+8',
    active: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    label: msg`Numbered list`,
    // Drawn, not the text "1.", which a voice user would say and the name would not contain.
    text: <Icon name="numbers" size={20} />,
    keys: 'Control+Shift+7',
    active: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
]
const LINK_INDEX = TOOLS.length

/**
 * Makes the editor's selection the one on screen before a key the editor handles itself (Enter, Backspace,
 * Ctrl+B). A browser may deliver a key before the selection change of the key just before it (End, then
 * Enter at once), and the editor would act on the old selection: Enter after End would replace the word
 * still selected instead of starting a new line.
 */
function syncSelection(view: EditorView) {
  const shown = view.dom.ownerDocument.getSelection()
  const { anchorNode, focusNode } = shown ?? {}
  if (!shown || !anchorNode || !focusNode || view.composing) return
  if (!view.dom.contains(anchorNode) || !view.dom.contains(focusNode)) return
  try {
    const anchor = view.posAtDOM(anchorNode, shown.anchorOffset)
    const head = view.posAtDOM(focusNode, shown.focusOffset)
    const { selection, doc } = view.state
    if (selection.anchor === anchor && selection.head === head) return
    view.dispatch(view.state.tr.setSelection(TextSelection.create(doc, anchor, head)))
  } catch {
    // A place the editor cannot map (between blocks): its own selection stands.
  }
}

/** An empty editor says so with '', not with an empty paragraph. */
function htmlOf(editor: Editor): string {
  return editor.isEmpty || !editor.state.doc.textContent.trim() ? '' : editor.getHTML()
}

/**
 * A small rich-text box for descriptions (Tiptap): bold, italic, headings, lists and links, nothing else.
 * What it writes is HTML that the server cleans again on save (an allow-list), so pasting from anywhere is
 * safe. The toolbar is one Tab stop whose buttons the arrow keys move between (Alt+F10 reaches it from the
 * text); Ctrl+B, Ctrl+I and Ctrl+K (link) work as everywhere.
 *
 * `defaultValue` is read once, when the editor starts: afterwards the editor owns the text and reports it
 * through `onChange`, so the draft echoing it back never moves the caret.
 */
export function RichTextEditor({ label, name, defaultValue, onChange, error, hint }: RichTextEditorProps) {
  const { t } = useLingui()
  const id = useId()
  const [initial] = useState(defaultValue)
  const report = useRef(onChange)
  report.current = onChange
  const [linking, setLinking] = useState(false)
  const [focusIndex, setFocusIndex] = useState(0)
  const toolbar = useRef<HTMLDivElement>(null)

  const describedBy =
    [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  const editorProps = useMemo(
    () => ({
      attributes: {
        id,
        class: 'rich-text rich-text-box',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        'data-name': name,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
      },
      handleKeyDown: (view: EditorView, event: globalThis.KeyboardEvent) => {
        syncSelection(view)
        if (event.altKey && event.key === 'F10') {
          toolbar.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus()
          return true
        }
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
          setLinking(true)
          return true
        }
        return false
      },
    }),
    [id, name, describedBy, error],
  )

  const editor = useEditor({
    extensions: descriptionExtensions,
    content: initial,
    editorProps,
    onUpdate: ({ editor }) => report.current(htmlOf(editor)),
  })

  const active = useEditorState({
    editor,
    selector: ({ editor }) => ({
      tools: TOOLS.map((tool) => (editor ? tool.active(editor) : false)),
      link: editor?.isActive('link') ?? false,
    }),
  })

  const buttons = TOOLS.length + 1
  const onToolbarKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: (focusIndex + 1) % buttons,
      ArrowLeft: (focusIndex - 1 + buttons) % buttons,
      Home: 0,
      End: buttons - 1,
    }
    if (event.key === 'Escape') {
      editor?.commands.focus()
      return
    }
    const next = moves[event.key]
    if (next === undefined) return
    event.preventDefault()
    setFocusIndex(next)
    toolbar.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus()
  }

  const toolButton = (index: number, tool: Pick<Tool, 'label' | 'text' | 'keys'>, pressed: boolean) => (
    <button
      key={tool.label.id}
      type="button"
      className="tool-button"
      aria-label={t(tool.label)}
      aria-pressed={pressed}
      aria-keyshortcuts={tool.keys}
      // i18n-ignore: key names, as keyboards print them
      title={tool.keys ? `${t(tool.label)} (${tool.keys.replace('Control', 'Ctrl')})` : t(tool.label)}
      tabIndex={index === focusIndex ? 0 : -1}
      disabled={!editor}
      // Keeps the text's selection (and a phone's keyboard) while the button is pressed.
      onMouseDown={(e) => e.preventDefault()}
      onFocus={() => setFocusIndex(index)}
      onClick={() => {
        if (!editor) return
        if (index === LINK_INDEX) setLinking((open) => !open)
        else TOOLS[index]?.run(editor)
      }}
    >
      {tool.text}
    </button>
  )

  return (
    <div className="field rich-text-field">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a label for a box no <label> can name; the box takes focus itself */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the box is reached with Tab, this only helps a pointer */}
      <span className="label" id={`${id}-label`} onClick={() => editor?.commands.focus()}>
        {label}
      </span>
      <div
        ref={toolbar}
        className="rich-text-tools"
        role="toolbar"
        aria-label={t`Formatting`}
        aria-controls={id}
        onKeyDown={onToolbarKey}
      >
        {TOOLS.map((tool, i) => toolButton(i, tool, active?.tools[i] ?? false))}
        {toolButton(
          LINK_INDEX,
          // i18n-ignore: the key names of the shortcut
          { label: msg`Link`, text: <Icon name="link" size={20} />, keys: 'Control+K' },
          active?.link ?? false,
        )}
      </div>
      {linking && editor ? <LinkForm editor={editor} onClose={() => setLinking(false)} /> : null}
      <EditorContent editor={editor} />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  )
}

/** The Link button's field: an address for the selected words (or the link the caret is in). */
function LinkForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const { t } = useLingui()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const current = (editor.getAttributes('link').href as string | undefined) ?? ''
  const [address, setAddress] = useState(current.replace(/^mailto:/, ''))
  const [problem, setProblem] = useState<string | null>(null)
  useEffect(() => input.current?.focus(), [])

  const close = () => {
    onClose()
    editor.commands.focus()
  }
  const apply = () => {
    const href = linkAddress(address)
    if (!href) {
      setProblem(t`Type a web address (example.com or https://…) or an e-mail address.`)
      input.current?.focus()
      return
    }
    const { empty } = editor.state.selection
    if (empty && !editor.isActive('link'))
      // No words chosen: the address itself becomes the link's text.
      editor
        .chain()
        .focus()
        .insertContent({ type: 'text', text: address.trim(), marks: [{ type: 'link', attrs: { href } }] })
        .run()
    else editor.chain().focus().extendMarkRange('link').setLink({ href }).run()
    onClose()
  }
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run()
    onClose()
  }

  return (
    // Not a <form>: it sits inside the product's form, and Enter here must not save the product.
    <div className="rich-text-link">
      <label htmlFor={id}>
        <Trans>Link address</Trans>
      </label>
      <input
        id={id}
        ref={input}
        type="text"
        inputMode="url"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        placeholder={t`https://`}
        value={address}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(e) => {
          setAddress(e.target.value)
          setProblem(null)
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault()
            apply()
          } else if (e.key === 'Escape') {
            e.preventDefault()
            close()
          }
        }}
      />
      <div className="rich-text-link-actions">
        <button type="button" className="button" onClick={apply}>
          {current ? t`Change link` : t`Add link`}
        </button>
        {current ? (
          <button type="button" className="button secondary" onClick={remove}>
            <Trans>
              <Trans>Remove link</Trans>
            </Trans>
          </button>
        ) : null}
        <button type="button" className="link-button" onClick={close}>
          <Trans>
            <Trans>Cancel</Trans>
          </Trans>
        </button>
      </div>
      {problem ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
