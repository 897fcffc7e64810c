import { countryName } from '../../lib/country'
import { currentLang } from '../../lib/i18n'

/** Countries offered when opening a storefront: East Africa first, then the rest by name. */
const eastAfrica = ['KE', 'UG', 'TZ', 'RW', 'BI', 'ET', 'SS', 'SO', 'CD']
const others = [
  'NG',
  'GH',
  'ZA',
  'ZM',
  'ZW',
  'MW',
  'MZ',
  'BW',
  'NA',
  'CM',
  'SN',
  'CI',
  'EG',
  'MA',
  'TN',
  'US',
  'CA',
  'GB',
  'IE',
  'DE',
  'FR',
  'NL',
  'BE',
  'SE',
  'NO',
  'DK',
  'FI',
  'ES',
  'IT',
  'PT',
  'CH',
  'AT',
  'PL',
  'AE',
  'SA',
  'QA',
  'IN',
  'PK',
  'CN',
  'JP',
  'KR',
  'SG',
  'MY',
  'AU',
  'NZ',
  'BR',
  'MX',
  'AR',
  'CO',
  'JM',
]

export function countryOptions(): { value: string; label: string }[] {
  const option = (code: string) => ({ value: code, label: countryName(code) })
  return [
    ...eastAfrica.map(option),
    ...others.map(option).sort((a, b) => a.label.localeCompare(b.label, currentLang())),
  ]
}
