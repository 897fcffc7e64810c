import { eq, sql } from 'drizzle-orm'
import { CURRENCY_LIMITS, type CurrencyCode, currencyCodes } from '../../contract/currencies'
import { RECOVERY_SMS_PRICE, SALE_FEE_BPS } from '../../contract/platform'
import { type PlatformTerms, platformTerms } from '../../contract/platform-terms.contract'
import type { Db, DbOrTx } from '../db/client'
import type { SaleTerms } from '../db/columns.types'
import { platformSettings } from '../db/schema'
import { clock } from '../lib/clock'
import type { PayoutsConfig } from './payouts.config'

/** How stale an instance's copy of the terms may be: a change on another instance is seen within this. */
export const TERMS_FRESH_MS = 1_000

const KEY = 'terms'

/** The terms before any admin changed them: Soko's fee, and the payout figures of the environment. */
export function defaultTerms(payouts: PayoutsConfig): PlatformTerms {
  const zero = Object.fromEntries(currencyCodes.map((c) => [c, 0])) as Record<CurrencyCode, number>
  const limit = (figure: 'minPrice' | 'maxPrice') =>
    Object.fromEntries(currencyCodes.map((c) => [c, CURRENCY_LIMITS[c][figure]])) as Record<
      CurrencyCode,
      number
    >
  return {
    saleFeeBps: SALE_FEE_BPS,
    saleFeeFixed: zero,
    holdDays: payouts.holdDays,
    instantFeeBps: payouts.instantFeeBps,
    payoutMinimum: { ...payouts.minimum },
    payoutMaximum: { ...payouts.maximum },
    payoutDaily: { ...payouts.daily },
    approvalOver: { ...payouts.approvalOver },
    minPrice: limit('minPrice'),
    maxPrice: limit('maxPrice'),
    recoverySms: { ...RECOVERY_SMS_PRICE },
  }
}

/** The range a price may take now in a currency. */
export function priceLimitsOf(terms: PlatformTerms) {
  return (currency: CurrencyCode) => ({
    minPrice: terms.minPrice[currency],
    maxPrice: terms.maxPrice[currency],
  })
}

/** What a sale placed now in this currency is booked with. */
export function saleTermsOf(terms: PlatformTerms, currency: CurrencyCode): SaleTerms {
  return { feeBps: terms.saleFeeBps, feeFixed: terms.saleFeeFixed[currency], holdDays: terms.holdDays }
}

/** The dotted names of the figures that differ between two sets of terms (`saleFeeBps`, `payoutMaximum.KES`). */
export function changedFigures(before: PlatformTerms, after: PlatformTerms): string[] {
  const changed: string[] = []
  for (const key of Object.keys(after) as (keyof PlatformTerms)[]) {
    const a = before[key]
    const b = after[key]
    if (typeof a === 'number' || typeof b === 'number') {
      if (a !== b) changed.push(key)
      continue
    }
    for (const code of currencyCodes) if (a[code] !== b[code]) changed.push(`${key}.${code}`)
  }
  return changed
}

/**
 * The terms in force, kept in memory and read again when the stored version moves. Every read older than
 * TERMS_FRESH_MS asks the database for the version (one indexed row), so a change made on another instance
 * is in use here within a second, without a timer to stop.
 */
export class TermsStore {
  private terms: PlatformTerms
  private version = -1
  private updatedAt: Date | null = null
  private checkedAt = 0
  private pending: Promise<void> | null = null
  private readonly listeners = new Set<(terms: PlatformTerms) => void>()

  constructor(
    private readonly db: Db,
    readonly defaults: PlatformTerms,
    private readonly now: () => number = () => clock.ms(),
  ) {
    this.terms = defaults
  }

  /** The terms in force now. */
  async get(): Promise<PlatformTerms> {
    if (this.version < 0 || this.now() - this.checkedAt >= TERMS_FRESH_MS) {
      this.pending ??= this.refresh().finally(() => {
        this.pending = null
      })
      await this.pending
    }
    return this.terms
  }

  /** When the terms last changed, null while they are the defaults. */
  async changedAt(): Promise<Date | null> {
    await this.get()
    return this.updatedAt
  }

  /** Called with the new terms whenever they change (here or, once noticed, on another instance). */
  onChange(listener: (terms: PlatformTerms) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /**
   * The terms as stored, read under the row's lock in the caller's transaction: what a change replaces,
   * even when another instance changed them a moment ago.
   */
  async locked(tx: DbOrTx): Promise<PlatformTerms> {
    const [row] = await tx.select().from(platformSettings).where(eq(platformSettings.key, KEY)).for('update')
    const parsed = platformTerms.safeParse(mergeTerms(this.defaults, row?.value ?? {}))
    return parsed.success ? parsed.data : this.defaults
  }

  /**
   * Stores new terms in the caller's transaction (which also writes the audit entry). `applied` must be
   * called once it commits, so this instance uses them at once.
   */
  async save(tx: DbOrTx, next: PlatformTerms) {
    const overrides = Object.fromEntries(
      Object.entries(next).filter(
        ([key, value]) => JSON.stringify(value) !== JSON.stringify(this.defaults[key as keyof PlatformTerms]),
      ),
    )
    const [row] = await tx
      .insert(platformSettings)
      .values({ key: KEY, value: overrides, version: 1, updatedAt: clock.now() })
      .onConflictDoUpdate({
        target: platformSettings.key,
        set: { value: overrides, version: sql`${platformSettings.version} + 1`, updatedAt: clock.now() },
      })
      .returning()
    if (!row) throw new Error('platform terms were not stored')
    return () => this.apply(row.value, row.version, row.updatedAt)
  }

  private async refresh() {
    const [row] = await this.db
      .select({ version: platformSettings.version })
      .from(platformSettings)
      .where(eq(platformSettings.key, KEY))
    this.checkedAt = this.now()
    const version = row?.version ?? 0
    if (version === this.version) return
    if (version === 0) return this.apply({}, 0, null)
    const [full] = await this.db.select().from(platformSettings).where(eq(platformSettings.key, KEY))
    if (full) this.apply(full.value, full.version, full.updatedAt)
  }

  private apply(overrides: Record<string, unknown>, version: number, updatedAt: Date | null) {
    if (version < this.version) return
    const changed = version !== this.version
    // Stored figures that no longer validate (a currency added since) fall back to the defaults.
    const parsed = platformTerms.safeParse(mergeTerms(this.defaults, overrides))
    this.terms = parsed.success ? parsed.data : this.defaults
    this.version = version
    this.updatedAt = updatedAt
    this.checkedAt = this.now()
    if (changed && this.listeners.size > 0) for (const listener of this.listeners) listener(this.terms)
  }
}

/** The defaults with what was stored over them; a per-currency figure replaces only its currencies. */
function mergeTerms(defaults: PlatformTerms, overrides: Record<string, unknown>): unknown {
  const merged: Record<string, unknown> = { ...defaults }
  for (const [key, value] of Object.entries(overrides)) {
    if (!(key in defaults)) continue
    const base = defaults[key as keyof PlatformTerms]
    merged[key] =
      typeof base === 'object' && value && typeof value === 'object' ? { ...base, ...value } : value
  }
  return merged
}
