/** Hues that sit well with the brand and with white text: teal, blue, indigo, plum, terracotta, ochre. */
const STOREFRONT_HUES = [170, 205, 245, 295, 12, 32]

/**
 * A storefront's colour, from its handle: the same on every visit. Its banner is drawn in it, and the
 * seller's invoice pay page wears it too, so a client knows whose page it is.
 */
export function storefrontHue(handle: string | null): number {
  if (!handle) return 170
  let hash = 0
  for (const char of handle) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 9973
  return STOREFRONT_HUES[hash % STOREFRONT_HUES.length] ?? 170
}
