import { Editor } from '@tiptap/react'
import { afterEach, describe, expect, it } from 'vitest'
import { sanitizeDescription } from '../../../server/features/catalog/rich-text'
import { descriptionExtensions, linkAddress } from '../../../src/features/catalog/seller/RichTextEditor'

const REL = 'noopener noreferrer nofollow'
let editor: Editor | null = null
afterEach(() => {
  editor?.destroy()
  editor = null
})

function open(content: string) {
  editor = new Editor({ extensions: descriptionExtensions, content })
  return editor
}

describe('the description editor', () => {
  it('can make only what the server’s sanitiser keeps', () => {
    const { nodes, marks } = open('').schema
    expect(Object.keys(nodes).sort()).toEqual(
      [
        'blockquote',
        'bulletList',
        'doc',
        'hardBreak',
        'heading',
        'listItem',
        'orderedList',
        'paragraph',
        'text',
      ].sort(),
    )
    expect(Object.keys(marks).sort()).toEqual(['bold', 'italic', 'link', 'underline'])
  })

  it('writes HTML that the sanitiser leaves as it is', () => {
    const html = open(
      '<h2>About</h2><p>Line one<br>line <strong>two</strong>, <em>three</em> and <u>four</u></p>' +
        '<h3>Details</h3><blockquote><p>Made by hand</p></blockquote>' +
        '<ul><li><p>Cotton</p></li></ul><ol><li><p>Thread</p></li><li><p>Beads</p></li></ol>' +
        `<p><a href="https://example.com/shop" target="_blank" rel="${REL}">shop</a> or ` +
        `<a href="mailto:wanjiru@soko.test" target="_blank" rel="${REL}">write</a></p>`,
    ).getHTML()
    expect(sanitizeDescription(html).replace(/<br \/>/g, '<br>')).toBe(html)
  })

  it('keeps the words of what it cannot make, without the markup', () => {
    const html = open(
      '<h1>Title</h1><h4>Small</h4><pre><code>npm ci</code></pre><p><s>old</s> <code>x</code></p><hr>' +
        '<p><a href="javascript:alert(1)">bad</a> <img src="x.png" alt="photo"></p>',
    ).getHTML()
    expect(html).not.toMatch(/<(h1|h4|pre|code|s|hr|img)\b|javascript:/)
    for (const words of ['Title', 'Small', 'npm ci', 'old', 'bad']) expect(html).toContain(words)
  })
})

describe('a link’s address as typed', () => {
  it('takes web and e-mail addresses, with or without their scheme', () => {
    expect(linkAddress('https://example.com/shop')).toBe('https://example.com/shop')
    expect(linkAddress(' example.com/shop ')).toBe('https://example.com/shop')
    expect(linkAddress('http://example.com')).toBe('http://example.com/')
    expect(linkAddress('wanjiru@soko.test')).toBe('mailto:wanjiru@soko.test')
    expect(linkAddress('mailto:wanjiru@soko.test')).toBe('mailto:wanjiru@soko.test')
  })

  it('refuses other schemes and words that are not addresses', () => {
    for (const typed of [
      'javascript:alert(1)',
      'ftp://example.com',
      'data:text/html,x',
      'hello',
      '',
      'mailto:',
    ])
      expect(linkAddress(typed), typed).toBeNull()
  })
})
