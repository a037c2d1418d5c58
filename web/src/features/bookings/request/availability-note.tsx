import { SpinnerIcon } from '../../../components/icons'
import { AVAILABILITY_LOAD_FAILED } from '../api/get-guide-availability'
import { useT } from '../../../i18n/messages'

/** While the guide's free days load, and when they could not: says so, with a retry. */
export function AvailabilityNote({ status, error, onRetry }: { status: 'loading' | 'error' | 'success'; error: string | undefined; onRetry: () => void }) {
  const t = useT()
  if (status === 'loading')
    return (
      <p className="mt-2 flex items-center gap-2 text-xs text-slate-500" role="status">
        <SpinnerIcon className="animate-spin" /> {t('guides.checkingDays')}
      </p>
    )
  if (status === 'error')
    return (
      <div className="mt-2 flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900" role="alert">
        <span>{t('guides.availabilityFailedNote', { error: t(error ?? AVAILABILITY_LOAD_FAILED) })}</span>
        <button type="button" className="text-link text-xs" onClick={onRetry}>
          {t('guides.tryAgain')}
        </button>
      </div>
    )
  return null
}
