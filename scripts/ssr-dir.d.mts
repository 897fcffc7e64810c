export function ssrDir(rootDir: string, distDir: string): string
