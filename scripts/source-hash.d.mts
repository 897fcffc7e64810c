export function sourceHash(root: string, inputs: string[]): string
