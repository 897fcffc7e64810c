import { useEffect, useId, useRef } from 'react'
import { FieldNotes } from '../../../components/Form'

const TOOLS = [
  { command: 'bold', label: 'Bold', text: 'B' },
  { command: 'italic', label: 'Italic', text: 'I' },
  { command: 'formatBlock', value: 'h2', label: 'Heading', text: 'H' },
  { command: 'insertUnorderedList', label: 'Bulleted list', text: '•' },
  { command: 'insertOrderedList', label: 'Numbered list', text: '1.' },
  { command: 'createLink', label: 'Link', text: '🔗' },
] as const

/**
 * A small rich-text box for descriptions: bold, italic, headings, lists and links, nothing else. What it
 * writes is HTML that the server cleans again on save (an allow-list), so pasting from anywhere is safe.
 * The toolbar's buttons are real buttons; Ctrl+B and Ctrl+I work as everywhere.
 */
export function RichTextEditor({
  label,
  name,
  defaultValue,
  onChange,
  error,
  hint,
}: {
  label: string
  name: string
  defaultValue: string
  onChange: (html: string) => void
  error?: string
  hint?: string
}) {
  const id = useId()
  const box = useRef<HTMLDivElement>(null)
  // Set once: React must not re-render the user's editing.
  useEffect(() => {
    if (box.current) box.current.innerHTML = defaultValue
  }, [defaultValue])
  const run = (command: string, value?: string) => {
    box.current?.focus()
    if (command === 'createLink') {
      const url = window.prompt('Link address (https://…)')
      if (!url || !/^https?:\/\//.test(url)) return
      document.execCommand(command, false, url)
    } else document.execCommand(command, false, value)
    onChange(box.current?.innerHTML ?? '')
  }
  return (
    <div className="field rich-text-field">
      <span className="label" id={`${id}-label`}>
        {label}
      </span>
      <div className="rich-text-tools" role="toolbar" aria-label={`${label} formatting`} aria-controls={id}>
        {TOOLS.map((tool) => (
          <button
            key={tool.label}
            type="button"
            className="tool-button"
            aria-label={tool.label}
            title={tool.label}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => run(tool.command, 'value' in tool ? tool.value : undefined)}
          >
            {tool.text}
          </button>
        ))}
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a rich-text box has no native element */}
      <div
        id={id}
        ref={box}
        className="rich-text rich-text-box"
        contentEditable
        role="textbox"
        tabIndex={0}
        aria-multiline="true"
        aria-labelledby={`${id}-label`}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
        }
        data-name={name}
        onInput={(e) => onChange(e.currentTarget.innerHTML)}
        suppressContentEditableWarning
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  )
}
