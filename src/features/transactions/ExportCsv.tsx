import type { CurrencyCode } from '../../../contract/currencies'
import { ExportCsv as ExportButton } from '../../components/ExportCsv'
import { fetchAllMovements } from './transactions.queries'
import { csvFileName, transactionsCsv } from './transactions-csv'
import type { TransactionsSearch } from './transactions-search'

/**
 * Every movement the filters select, as a CSV file. A seller's export is in the currency the page shows
 * (`currency`), named in the file.
 */
export function ExportCsv({
  search,
  currency,
}: {
  search: TransactionsSearch
  currency: CurrencyCode | undefined
}) {
  return (
    <ExportButton
      make={async (onProgress) => {
        // A buyer's list ignores `currency`: neither ask for one nor name one.
        const what = { ...search, currency }
        const movements = await fetchAllMovements(what, onProgress)
        return {
          text: transactionsCsv(movements),
          name: csvFileName(what, movements),
          rows: movements.length,
        }
      }}
    />
  )
}
