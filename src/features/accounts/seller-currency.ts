import { useQuery } from '@tanstack/react-query'
import { type CurrencyCode, currencyForCountry } from '../../../contract/currencies'
import { useVisitorCurrency } from '../catalog/money'
import { accountsQueries } from './accounts.queries'

/**
 * The seller's own currency: their storefront's country's, else the visitor's, else KES; undefined while
 * the profile is still on its way.
 */
export function useSellerCurrency(): CurrencyCode | undefined {
  const visitor = useVisitorCurrency()
  const profile = useQuery(accountsQueries.profile())
  const country = profile.data?.storefront?.country
  if (country) return currencyForCountry(country)
  return profile.isPending && profile.fetchStatus !== 'paused' ? undefined : (visitor ?? 'KES')
}
