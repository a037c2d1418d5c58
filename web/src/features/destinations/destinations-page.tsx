import { DestinationCard } from '../../components/destination-card'
import { MountainIcon } from '../../components/icons'
import { LoadMore } from '../../components/load-more'
import { PageShell } from '../../components/page-shell'
import { EmptyCard, ErrorCard, LoadingCard } from '../../components/status-card'
import { Toast, useToast } from '../../components/toast'
import { DESTINATIONS_LOAD_FAILED, DESTINATIONS_PAGE_SIZE, DESTINATION_LIST_TAGS, destinationListKey, listDestinations } from '../../lib/list-destinations'
import { useT } from '../../i18n/messages'
import { usePagedList } from '../../lib/use-paged-list'
import { SaveButton } from '../../components/save-button'
import { ShareButton } from './destination-actions'

const query = { limit: DESTINATIONS_PAGE_SIZE, query: '' }

/** /destinations: two columns of destination cards, six more at a time. */
export function DestinationsPage() {
  const list = usePagedList({ key: destinationListKey(query), tags: DESTINATION_LIST_TAGS, loadPage: (page) => listDestinations(query, page) })
  const { toast, show } = useToast()
  const t = useT()

  return (
    <PageShell eyebrow={t('destinations.eyebrow')} title={t('destinations.title')} description={t('destinations.description')}>
      <Toast toast={toast} />
      <div className="relative -mt-16 sm:-mt-28">
        {list.status === 'loading' && (
          <div className="card">
            <LoadingCard label={t('destinations.loading')} />
          </div>
        )}
        {list.status === 'error' && <ErrorCard message={list.error ?? t(DESTINATIONS_LOAD_FAILED)} onRetry={list.reload} />}
        {list.status === 'success' && list.items.length === 0 && (
          <EmptyCard icon={<MountainIcon />} title={t('destinations.emptyTitle')}>
            {t('destinations.emptyText')}
          </EmptyCard>
        )}
        {list.status === 'success' && list.items.length > 0 && (
          <ul className="grid gap-6 md:grid-cols-2" aria-label={t('destinations.eyebrow')}>
            {list.items.map((destination, index) => (
              <li key={destination._id}>
                <DestinationCard
                  destination={destination}
                  priority={index === 0}
                  topRated="earned"
                  showDescription
                  headingLevel="h2"
                  actions={
                    <>
                      <SaveButton kind="destination" id={destination._id} name={destination.name} onMessage={show} />
                      <ShareButton destination={destination} onMessage={show} />
                    </>
                  }
                />
              </li>
            ))}
          </ul>
        )}
        <LoadMore list={list} label={t('destinations.loadMore')} primary spacing="mt-10" />
      </div>
    </PageShell>
  )
}
