export const BUILD_INPUTS: string[]
export function sourceHash(root: string, inputs: string[]): string
export function buildIsFresh(
  root: string,
  dist: string,
  options?: { clientOnly?: boolean; buildId?: string },
): boolean
