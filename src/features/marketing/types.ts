import type { HomeProducts } from '../../../contract/storefront'
import type { IconName } from '../../components/Icon'

/** The data of the prerendered marketing pages, served at `{path}/_payload.json`. */

export interface Item {
  icon?: IconName
  title: string
  text: string
}

export interface HomeWords {
  heading: string
  lead: string
  points: Item[]
  steps: Item[]
}

/**
 * The home page's data: its words from the build, and, from the server, the products of the moment
 * (absent from the words the build prerenders and the service worker keeps for offline use).
 */
export type HomePayload = HomeWords & Partial<HomeProducts>

export interface FeaturesPayload {
  heading: string
  lead: string
  groups: { title: string; items: Item[] }[]
}

export interface PricingPayload {
  heading: string
  lead: string
  feeText: string
  includes: string[]
  /** Worked examples: the sale in minor units; the fee and what the seller keeps as the server writes them. */
  examples: { currency: string; sale: number; fee: string; net: string }[]
  faq: { question: string; answer: string }[]
}

export interface ContactPayload {
  heading: string
  lead: string
  responseTime: string
  topics: { value: string; label: string }[]
  tips: Item[]
}

export interface MarketingPayloads {
  '/': HomeWords
  '/features': FeaturesPayload
  '/pricing': PricingPayload
  '/contact-us': ContactPayload
}
