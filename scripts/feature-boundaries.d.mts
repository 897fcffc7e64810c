export function isPageFile(file: string): boolean
export function featureOf(file: string): string | null
export function importsOf(source: string): string[]
export function pageImports(root: string): { file: string; imports: string }[]
