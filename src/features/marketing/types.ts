import type { IconName } from '../../components/Icon'

/** The data of the prerendered marketing pages, served at `{path}/_payload.json`. */

export interface Item {
  icon?: IconName
  title: string
  text: string
}

export interface HomePayload {
  heading: string
  lead: string
  points: Item[]
  steps: Item[]
}

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
  /** Worked examples in minor units. */
  examples: { currency: string; sale: number; fee: number; net: number }[]
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
  '/': HomePayload
  '/features': FeaturesPayload
  '/pricing': PricingPayload
  '/contact-us': ContactPayload
}
