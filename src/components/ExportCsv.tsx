import { plural, t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
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
  const { t } = useLingui()
  const fetched = state.count
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
        message: savedText(file.rows, file.name),
      })
    } catch (e) {
      setState({ busy: false, count: 0, message: null })
      const reason = e instanceof RpcError ? e.message : ''
      setError(e instanceof RpcError ? t`The export stopped: ${reason}` : t`The export failed. Try again.`)
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
        {state.busy ? t`Exporting…` : <Trans>Export CSV</Trans>}
      </button>
      <p className="muted" role="status">
        {state.busy
          ? t`${plural(fetched, { one: 'Fetched # row…', other: 'Fetched # rows…' })}`
          : (state.message ?? '')}
      </p>
      <FormMessage message={error} />
    </div>
  )
}

/** `Saved 12 rows as soko-orders.csv.` */
function savedText(rows: number, name: string): string {
  return t`${plural(rows, { one: `Saved # row as ${name}.`, other: `Saved # rows as ${name}.` })}`
}
