import { ShieldIcon } from '../../components/icons'
import { EmptyCard, ErrorCard, LoadingCard } from '../../components/status-card'
import { BOOKINGS_TAG } from '../../lib/cache-tags'
import { useCachedQuery } from '../../lib/use-cached-query'
import { listGuideCancellations } from './api/list-guide-cancellations'
import { useT } from '../../i18n/messages'
import { EmailAddress } from '../../components/email-address'

const CANCELLATIONS_KEY = 'admin:guide-cancellations'

/** Guides who cancelled approved or paid trips, most cancellations first. */
export function GuideCancellationsAdmin() {
  const query = useCachedQuery({ key: CANCELLATIONS_KEY, tags: [BOOKINGS_TAG], load: listGuideCancellations })
  const t = useT()
  return (
    <>
      {query.status === 'loading' && !query.data && (
        <div className="card">
          <LoadingCard label={t('admin.loadingCancellations')} />
        </div>
      )}
      {query.status === 'error' && !query.data && <ErrorCard message={query.error ?? ''} onRetry={query.reload} />}
      {query.data && query.data.length === 0 && (
        <EmptyCard icon={<ShieldIcon />} title={t('admin.noCancellations')}>
          {t('admin.noCancellationsText')}
        </EmptyCard>
      )}
      {query.data && query.data.length > 0 && (
        <ul className="card divide-y divide-slate-100" aria-label={t('admin.secCancellationsTitle')}>
          {query.data.map((guide) => (
            <li key={guide.guideId} className="flex flex-col gap-1 p-5 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">
                  {guide.firstName} {guide.lastName}
                </p>
                <p className="text-sm text-slate-600">
                  <EmailAddress address={guide.email} />
                </p>
              </div>
              <p className="text-sm font-semibold text-slate-800 sm:shrink-0">{t('admin.tripsCancelled', { count: guide.guideCancellations })}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
