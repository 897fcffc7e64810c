import { useState } from 'react'
import { RpcError } from '../lib/rpc'
import { saveFile } from '../lib/save-file'
import { FormMessage } from './Form'

/** What an export made: the file's text and name, and how many rows it holds. */
export interface CsvExport {
  text: string
  name: string
  rows: number
}

/**
 * "Export CSV": runs `make` (which fetches every page the filters select, telling how many rows have come),
 * saves the file it makes and says how far it has got, then what it saved.
 */
export function ExportCsv({ make }: { make: (onProgress: (rows: number) => void) => Promise<CsvExport> }) {
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
      const file = await make((count) => setState((s) => ({ ...s, count })))
      // The byte-order mark makes spreadsheet programs read the file as UTF-8.
      saveFile(file.name, ['\uFEFF', file.text], 'text/csv;charset=utf-8')
      setState({
        busy: false,
        count: file.rows,
        message: `Saved ${file.rows} row${file.rows === 1 ? '' : 's'} as ${file.name}.`,
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
