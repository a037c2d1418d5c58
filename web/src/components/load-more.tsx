import type { PagedList } from '../lib/use-paged-list'
import { SpinnerIcon } from './icons'

type LoadMoreProps = {
  list: Pick<PagedList<unknown>, 'status' | 'error' | 'hasMore' | 'isFetchingMore' | 'loadMore'>
  label: string
  primary?: boolean
  /** Space above the button. */
  spacing?: string
}

/** Under a paged list: a later page's error (the items loaded so far stay), and the button for the next page. */
export function LoadMore({ list, label, primary = false, spacing = 'mt-8' }: LoadMoreProps) {
  return (
    <>
      {list.status === 'success' && list.error && (
        <p role="alert" className="mt-6 text-center text-sm font-medium text-red-700">
          {list.error}
        </p>
      )}
      {list.hasMore && (
        <div className={`${spacing} flex justify-center`}>
          <button
            type="button"
            className={`${primary ? 'btn-primary' : 'btn-secondary'} px-6`}
            onClick={list.loadMore}
            disabled={list.isFetchingMore}
            aria-busy={list.isFetchingMore}
          >
            {list.isFetchingMore && <SpinnerIcon />} {label}
          </button>
        </div>
      )}
    </>
  )
}
