import { Link } from 'react-router'
import { DestinationCard, DestinationCardSkeleton } from '../../components/destination-card'
import { SaveButton } from '../../components/save-button'
import { GuideCard, GuideCardSkeleton } from '../../components/guide-card'
import { HeartIcon } from '../../components/icons'
import { PageShell } from '../../components/page-shell'
import { EmptyCard, ErrorCard } from '../../components/status-card'
import { Toast, useToast } from '../../components/toast'
import { useT } from '../../i18n/messages'
import { SAVED_LOAD_FAILED, useSavedLists } from '../../lib/saved-lists'

function Skeletons() {
  const t = useT()
  return (
    <div role="status" aria-label={t('saved.loading')} className="space-y-10">
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((n) => (
          <GuideCardSkeleton key={n} />
        ))}
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        {[0, 1].map((n) => (
          <DestinationCardSkeleton key={n} />
        ))}
      </div>
    </div>
  )
}

/** /saved: the account's saved guides and destinations, newest first (issue 16). */
export function SavedPage() {
  const t = useT()
  const saved = useSavedLists()
  const { toast, show } = useToast()
  const lists = saved.data
  const empty = lists !== undefined && lists.guides.length === 0 && lists.destinations.length === 0

  return (
    <PageShell eyebrow={t('saved.eyebrow')} title={t('saved.title')} description={t('saved.description')}>
      <Toast toast={toast} />
      <div className="relative -mt-16 space-y-10 sm:-mt-28">
        {!lists && saved.status === 'loading' && <Skeletons />}
        {!lists && saved.status === 'error' && (
          <ErrorCard message={t(SAVED_LOAD_FAILED)} detail={saved.error !== SAVED_LOAD_FAILED ? t(saved.error ?? '') : undefined} onRetry={saved.reload} />
        )}
        {empty && (
          <EmptyCard icon={<HeartIcon />} title={t('saved.emptyTitle')}>
            <p>{t('saved.emptyText')}</p>
            <p className="mt-4 flex flex-wrap justify-center gap-3">
              <Link to="/guides" className="btn-primary">
                {t('saved.findGuides')}
              </Link>
              <Link to="/destinations" className="btn-secondary">
                {t('saved.findDestinations')}
              </Link>
            </p>
          </EmptyCard>
        )}
        {lists && lists.guides.length > 0 && (
          <section aria-labelledby="saved-guides">
            <h2 id="saved-guides" className="mb-4 text-xl font-semibold text-slate-900">
              {t('saved.guides', { count: lists.guides.length })}
            </h2>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {lists.guides.map((guide) => (
                <li key={guide._id}>
                  <GuideCard guide={guide} />
                </li>
              ))}
            </ul>
          </section>
        )}
        {lists && lists.destinations.length > 0 && (
          <section aria-labelledby="saved-destinations">
            <h2 id="saved-destinations" className="mb-4 text-xl font-semibold text-slate-900">
              {t('saved.destinations', { count: lists.destinations.length })}
            </h2>
            <ul className="grid gap-6 md:grid-cols-2">
              {lists.destinations.map((destination) => (
                <li key={destination._id}>
                  <DestinationCard
                    destination={destination}
                    topRated="earned"
                    actions={<SaveButton kind="destination" id={destination._id} name={destination.name} onMessage={show} />}
                  />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </PageShell>
  )
}
