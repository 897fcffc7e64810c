export interface Untranslated {
  line: number
  text: string
}
export function isWords(text: string): boolean
export function untranslated(code: string, file?: string): Untranslated[]
export function untranslatedIn(
  root: string,
  dir?: string,
  ignore?: (file: string) => boolean,
): (Untranslated & { file: string })[]
export function notChecked(file: string): boolean
