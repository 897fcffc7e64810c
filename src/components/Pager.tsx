import { Trans, useLingui } from '@lingui/react/macro'
/** Previous and Next for a paged list; nothing when there is one page. */
export function Pager({
  page,
  pageCount,
  onPage,
}: {
  page: number
  pageCount: number
  onPage: (page: number) => void
}) {
  const { t } = useLingui()
  if (pageCount <= 1) return null
  return (
    <nav aria-label={t`Pages`} className="pager">
      {page > 1 ? (
        <button type="button" className="button secondary" onClick={() => onPage(page - 1)}>
          <Trans>Previous</Trans>
        </button>
      ) : null}
      {page < pageCount ? (
        <button type="button" className="button secondary" onClick={() => onPage(page + 1)}>
          <Trans>Next</Trans>
        </button>
      ) : null}
    </nav>
  )
}
