import { useState } from 'react'
import type { CurrencyCode } from '../../../contract/currencies'
import { FormMessage } from '../../components/Form'
import { RpcError } from '../../lib/rpc'
import { fetchAllMovements } from './transactions.queries'
import { csvFileName, transactionsCsv } from './transactions-csv'
import type { TransactionsSearch } from './transactions-search'

/**
 * Fetches every page the filters select and saves them as a CSV file, saying how far it has got. A
 * seller's export is in the currency the page shows (`currency`), named in the file.
 */
export function ExportCsv({
  search,
  currency,
}: {
  search: TransactionsSearch
  currency: CurrencyCode | undefined
}) {
  const [state, setState] = useState<{ busy: boolean; count: number; message: string | null }>({
    busy: false,
    count: 0,
    message: null,
  })
  const [error, setError] = useState<string | null>(null)
  async function run() {
    setError(null)
    setState({ busy: true, count: 0, message: null })
    try {
      // A buyer's list ignores `currency`: neither ask for one nor name one.
      const what = { ...search, currency }
      const movements = await fetchAllMovements(what, (count) => setState((s) => ({ ...s, count })))
      const name = csvFileName(what, movements)
      // The byte-order mark makes spreadsheet programs read the file as UTF-8.
      const url = URL.createObjectURL(
        new Blob(['\uFEFF', transactionsCsv(movements)], { type: 'text/csv;charset=utf-8' }),
      )
      const link = document.createElement('a')
      link.href = url
      link.download = name
      document.body.append(link)
      link.click()
      link.remove()
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
      setState({
        busy: false,
        count: movements.length,
        message: `Saved ${movements.length} row${movements.length === 1 ? '' : 's'} as ${name}.`,
      })
    } catch (e) {
      setState({ busy: false, count: 0, message: null })
      setError(e instanceof RpcError ? `The export stopped: ${e.message}` : 'The export failed. Try again.')
    }
  }
  return (
    <div className="export-csv">
      <button
        type="button"
        className="button secondary"
        disabled={state.busy}
        aria-busy={state.busy}
        onClick={() => void run()}
      >
        {state.busy ? 'Exporting…' : 'Export CSV'}
      </button>
      <p className="muted" role="status">
        {state.busy ? `Fetched ${state.count} row${state.count === 1 ? '' : 's'}…` : (state.message ?? '')}
      </p>
      <FormMessage message={error} />
    </div>
  )
}
