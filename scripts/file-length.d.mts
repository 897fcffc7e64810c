export const MAX_LINES: number
export const CHECKED: string[]
export const EXEMPT: RegExp[]
export function lineCount(text: string): number
export function isExempt(file: string): boolean
export function longFiles(root: string, dir: string): { file: string; lines: number }[]
