import { useLingui } from '@lingui/react/macro'
/** "Load more" under a paged list (purchases, sales), busy while the next page comes. */
export function LoadMore({
  list,
}: {
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> }
}) {
  const { t } = useLingui()
  if (!list.hasNextPage) return null
  return (
    <button
      type="button"
      className="button secondary"
      disabled={list.isFetchingNextPage}
      aria-busy={list.isFetchingNextPage}
      onClick={() => void list.fetchNextPage()}
    >
      {list.isFetchingNextPage ? t`Loading…` : t`Load more`}
    </button>
  )
}
