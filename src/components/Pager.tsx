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
  if (pageCount <= 1) return null
  return (
    <nav aria-label="Pages" className="pager">
      {page > 1 ? (
        <button type="button" className="button secondary" onClick={() => onPage(page - 1)}>
          Previous
        </button>
      ) : null}
      {page < pageCount ? (
        <button type="button" className="button secondary" onClick={() => onPage(page + 1)}>
          Next
        </button>
      ) : null}
    </nav>
  )
}
