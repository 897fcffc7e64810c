// How long the TypeScript files in server/, src/ and contract/ are allowed to be, and which are longer. Used
// by scripts/check-file-length.mjs (part of `npm run lint`).
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

export const MAX_LINES = 450

/** The folders checked. */
export const CHECKED = ['server', 'src', 'contract']

/** Exempt files, relative to the project with `/`: the route table TanStack Router generates. */
export const EXEMPT = [/^src\/routeTree\.gen\.ts$/]

/** @param {string} text @returns {number} lines as an editor numbers them (a final newline ends a line) */
export function lineCount(text) {
  if (text === '') return 0
  const breaks = text.split('\n').length - 1
  return text.endsWith('\n') ? breaks : breaks + 1
}

/** @param {string} file relative to the project, with `/` @returns {boolean} */
export const isExempt = (file) => EXEMPT.some((pattern) => pattern.test(file))

/**
 * @param {string} root the project folder @param {string} dir a folder under root
 * @returns {{ file: string, lines: number }[]} its TypeScript files over MAX_LINES that are not exempt, by path
 */
export function longFiles(root, dir) {
  const found = []
  const walk = (folder) => {
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const file = `${folder}/${entry.name}`
      if (entry.isDirectory()) walk(file)
      else if (/\.(ts|tsx|mts|cts)$/.test(entry.name) && !isExempt(file)) {
        const lines = lineCount(readFileSync(path.join(root, file), 'utf8'))
        if (lines > MAX_LINES) found.push({ file, lines })
      }
    }
  }
  walk(dir)
  return found.sort((a, b) => (a.file < b.file ? -1 : 1))
}
