export function isPageFile(file: string): boolean
export function featureOf(file: string, features?: string): string | null
export function importsOf(source: string): string[]
export function pageImports(root: string): { file: string; imports: string }[]
export function serverDeepImports(root: string): { file: string; imports: string; feature: string }[]
