import { type ComponentType, lazy } from 'react'
import type { PublicProduct } from '../../../contract/storefront'

/**
 * How a membership's page draws its tiers. In the browser their code comes only with a membership's page
 * (other product pages never carry it), and the server's HTML of them stays until it has; the server
 * renders them with the page: src/prerender.tsx puts the component itself here when it starts, so read
 * `view` when rendering, never when a module is first evaluated.
 */
export const tiers: {
  view: ComponentType<{ product: Extract<PublicProduct, { kind: 'membership' }> }>
} = { view: lazy(() => import('./JoinTiers')) }
