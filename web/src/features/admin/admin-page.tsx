import { useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { CheckIcon, ShieldIcon, SpinnerIcon, UserIcon } from '../../components/icons'
import { ModalDialog } from '../../components/modal-dialog'
import { PageShell } from '../../components/page-shell'
import { PrivateImage } from '../../components/private-image'
import { EmptyCard, ErrorCard, LoadingCard } from '../../components/status-card'
import { Toast, useToast } from '../../components/toast'
import { useClientCache } from '../../lib/cache-provider'
import { mediaUrl } from '../../lib/media-url'
import { guideChanged } from '../../lib/profile-changes'
import { useCachedQuery } from '../../lib/use-cached-query'
import { rejectGuide, verifyGuide } from './api/decide-verification'
import { listVerifications, QUEUE_LOAD_FAILED, VERIFICATION_QUEUE_KEY, verificationQueueTags, type PendingVerification } from './api/list-verifications'
import { CurrenciesAdmin } from './currencies-admin'
import { GuideCancellationsAdmin } from './guide-cancellations-admin'
import { DestinationsAdmin } from './destinations-admin'
import { PayoutsAdmin } from './payouts-admin'
import { RefundsAdmin } from './refunds-admin'
import { AuditAdmin, ReportsAdmin, SuspendedAdmin } from './moderation-admin'
import { msg, translate, useT } from '../../i18n/messages'
import { formatMediumDate } from '../../lib/intl-formats'
import { personName } from '../../lib/person-name'
import { EmailAddress } from '../../components/email-address'

export const QUEUE_EMPTY = msg('admin.queueEmpty')
export const REASON_REQUIRED = msg('admin.reasonRequired')
const REASON_MAX = 500

type Load = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; queue: PendingVerification[] }
type Pending = { kind: 'verify' | 'reject'; guide: PendingVerification } | null

const fullName = (g: PendingVerification) => personName(g)

function VerificationQueue() {
  const cache = useClientCache()
  const t = useT()
  const query = useCachedQuery({ key: VERIFICATION_QUEUE_KEY, tags: verificationQueueTags, load: listVerifications })
  const load: Load = query.data
    ? { kind: 'ready', queue: query.data }
    : query.status === 'error'
      ? { kind: 'error', message: query.error ?? translate(QUEUE_LOAD_FAILED) }
      : { kind: 'loading' }
  const [pending, setPending] = useState<Pending>(null)
  const [reason, setReason] = useState('')
  const [reasonError, setReasonError] = useState<string | null>(null)
  const [deciding, setDeciding] = useState(false)
  const { toast, show } = useToast()

  function open(kind: 'verify' | 'reject', guide: PendingVerification) {
    setReason('')
    setReasonError(null)
    setPending({ kind, guide })
  }

  function close() {
    if (!deciding) setPending(null)
  }

  async function handleDecision(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (!pending) return
    if (pending.kind === 'reject' && reason.trim() === '') {
      setReasonError(t(REASON_REQUIRED))
      return
    }
    setDeciding(true)
    const { guideId } = pending.guide
    const result = pending.kind === 'verify' ? await verifyGuide(guideId) : await rejectGuide(guideId, reason.trim())
    setDeciding(false)
    if (!result.ok) {
      if (pending.kind === 'reject') setReasonError(result.message)
      else {
        setPending(null)
        show(result.message, 'error')
      }
      return
    }
    // The guide has been decided: it leaves the queue at once, and their public page and
    // the guide lists (where a verified guide now appears) fetch again.
    if (query.data)
      cache.set(
        VERIFICATION_QUEUE_KEY,
        query.data.filter((g) => g.guideId !== guideId),
        { tags: verificationQueueTags },
      )
    guideChanged(cache, guideId)
    setPending(null)
    show(result.data.message)
  }

  return (
    <>
      <Toast toast={toast} />
      <div>
        {load.kind === 'loading' && (
          <div className="card">
            <LoadingCard label={t('admin.loadingQueue')} />
          </div>
        )}
        {load.kind === 'error' && <ErrorCard message={load.message} onRetry={query.reload} />}
        {load.kind === 'ready' && load.queue.length === 0 && (
          <EmptyCard icon={<ShieldIcon />} title={t(QUEUE_EMPTY)}>
            {t('admin.queueEmptyText')}
          </EmptyCard>
        )}
        {load.kind === 'ready' && load.queue.length > 0 && (
          <>
            <p className="mb-4 text-sm font-medium text-slate-700" aria-live="polite">
              {t('admin.waitingForReview', { count: load.queue.length })}
            </p>
            <ul className="space-y-5" aria-label={t('admin.guidesWaiting')}>
              {load.queue.map((guide) => (
                <QueueItem key={guide.guideId} guide={guide} onVerify={() => open('verify', guide)} onReject={() => open('reject', guide)} />
              ))}
            </ul>
          </>
        )}
      </div>

      <ModalDialog open={pending?.kind === 'verify'} title={pending ? t('admin.verifyName', { name: fullName(pending.guide) }) : t('admin.verifyGuide')} onClose={close}>
        <form onSubmit={handleDecision}>
          <p className="text-sm text-slate-600">{t('admin.verifyText')}</p>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary" onClick={close} disabled={deciding}>
              {t('admin.cancel')}
            </button>
            <button type="submit" className="btn bg-emerald-700 text-white hover:bg-emerald-800" disabled={deciding} aria-busy={deciding}>
              {deciding ? <SpinnerIcon /> : <CheckIcon />} {t('admin.confirmVerification')}
            </button>
          </div>
        </form>
      </ModalDialog>

      <ModalDialog open={pending?.kind === 'reject'} title={pending ? t('admin.rejectName', { name: fullName(pending.guide) }) : t('admin.rejectGuide')} onClose={close}>
        <form onSubmit={handleDecision} noValidate>
          <label htmlFor="reject-reason" className="field-label">
            {t('admin.reasonGuideReads')}
          </label>
          <textarea
            id="reject-reason"
            className="field-input"
            rows={4}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={!!reasonError}
            aria-describedby={reasonError ? 'reject-reason-error' : undefined}
            placeholder={t('admin.rejectPlaceholder')}
            autoFocus
          />
          {reasonError && (
            <p id="reject-reason-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
              {reasonError}
            </p>
          )}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary" onClick={close} disabled={deciding}>
              {t('admin.cancel')}
            </button>
            <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={deciding} aria-busy={deciding}>
              {deciding && <SpinnerIcon />} {t('admin.confirmRejection')}
            </button>
          </div>
        </form>
      </ModalDialog>
    </>
  )
}

const SECTIONS = {
  verification: { label: msg('admin.secVerificationLabel'), title: msg('admin.secVerificationLabel'), description: msg('admin.secVerificationText') },
  reports: { label: msg('admin.secReportsLabel'), title: msg('admin.secReportsLabel'), description: msg('admin.secReportsText') },
  accounts: { label: msg('admin.secAccountsLabel'), title: msg('admin.secAccountsTitle'), description: msg('admin.secAccountsText') },
  audit: { label: msg('admin.secAuditLabel'), title: msg('admin.secAuditLabel'), description: msg('admin.secAuditText') },
  cancellations: { label: msg('admin.secCancellationsLabel'), title: msg('admin.secCancellationsTitle'), description: msg('admin.secCancellationsText') },
  payouts: { label: msg('admin.secPayoutsLabel'), title: msg('admin.secPayoutsLabel'), description: msg('admin.secPayoutsText') },
  refunds: { label: msg('admin.secRefundsLabel'), title: msg('admin.secRefundsTitle'), description: msg('admin.secRefundsText') },
  destinations: { label: msg('admin.secDestinationsLabel'), title: msg('admin.secDestinationsLabel'), description: msg('admin.secDestinationsText') },
  currencies: { label: msg('admin.secCurrenciesLabel'), title: msg('admin.secCurrenciesLabel'), description: msg('admin.secCurrenciesText') },
} as const

type Section = keyof typeof SECTIONS

const isSection = (tab: string | null): tab is Section => tab !== null && tab in SECTIONS

const SECTION_VIEWS: Record<Section, () => React.JSX.Element> = {
  verification: VerificationQueue,
  reports: ReportsAdmin,
  accounts: SuspendedAdmin,
  audit: AuditAdmin,
  cancellations: GuideCancellationsAdmin,
  payouts: PayoutsAdmin,
  refunds: RefundsAdmin,
  destinations: DestinationsAdmin,
  currencies: CurrenciesAdmin,
}

/** /admin: the guide verification queue and, beside it, reports, suspended accounts, the audit log, cancellations, payouts, refunds by hand, destinations and currency rates (`?tab=`). */
export function AdminPage() {
  const [params] = useSearchParams()
  const tab = params.get('tab')
  const section: Section = isSection(tab) ? tab : 'verification'
  const View = SECTION_VIEWS[section]
  const { title, description } = SECTIONS[section]
  const t = useT()
  return (
    <PageShell eyebrow={t('admin.admin')} title={t(title)} description={t(description)}>
      <div className="relative -mt-16 space-y-6 sm:-mt-32">
        <nav aria-label={t('admin.adminSections')} className="flex max-w-full gap-1 overflow-x-auto rounded-2xl bg-white p-1 shadow-card ring-1 ring-slate-200 sm:inline-flex">
          {(Object.keys(SECTIONS) as Section[]).map((key) => (
            <Link
              key={key}
              to={key === 'verification' ? '/admin' : `/admin?tab=${key}`}
              aria-current={key === section ? 'page' : undefined}
              className={`shrink-0 rounded-xl px-4 py-2 text-sm font-semibold whitespace-nowrap transition-colors ${
                key === section ? 'bg-himal-700 text-white' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
              }`}
            >
              {t(SECTIONS[key].label)}
            </Link>
          ))}
        </nav>
        <View />
      </div>
    </PageShell>
  )
}

type QueuedCertificate = PendingVerification['certifications'][number]

/** A licence the server will verify the guide on: a number and an expiry not yet past (issue 15). */
const isValidLicence = (c: QueuedCertificate) => Boolean(c.licenceNumber && c.expiresOn && c.expiresOn >= new Date().toISOString().slice(0, 10))
export const NO_VALID_LICENCE = msg('admin.noValidLicence')

function QueueItem({ guide, onVerify, onReject }: { guide: PendingVerification; onVerify: () => void; onReject: () => void }) {
  const [fullSize, setFullSize] = useState<QueuedCertificate | null>(null)
  const name = fullName(guide)
  const photo = mediaUrl(guide.profilePicture)
  const t = useT()
  return (
    <li className="card p-5 sm:p-6" aria-label={name}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-4">
          <span className="flex h-14 w-14 shrink-0 items-center justify-center overflow-hidden rounded-full bg-himal-100 text-2xl text-himal-400">
            {photo ? <img src={photo} alt="" className="h-full w-full object-cover" /> : <UserIcon />}
          </span>
          <div className="min-w-0">
            <h2 className="text-lg font-semibold text-slate-900">{name}</h2>
            <p className="text-sm text-slate-600">
              <EmailAddress address={guide.email} />
            </p>
            <p className="mt-1 text-xs text-slate-500">
              {guide.nationality && <>{guide.nationality} · </>}
              {t('admin.submitted', { date: formatMediumDate(guide.submittedAt) })}
              {guide.guideCancellations > 0 && <> · {t('admin.tripsCancelled', { count: guide.guideCancellations })}</>}
            </p>
          </div>
        </div>
        <div className="flex gap-3 sm:shrink-0">
          <button type="button" className="btn flex-1 bg-emerald-700 text-white hover:bg-emerald-800 sm:flex-none" onClick={onVerify}>
            <CheckIcon /> {t('admin.verify')}
          </button>
          <button type="button" className="btn flex-1 border border-red-300 bg-white text-red-700 hover:bg-red-50 sm:flex-none" onClick={onReject}>
            {t('admin.reject')}
          </button>
        </div>
      </div>
      {guide.bio && <p className="mt-4 line-clamp-3 text-sm text-slate-700">{guide.bio}</p>}
      <h3 className="mt-5 text-sm font-semibold text-slate-900">{t('admin.certificatesCount', { count: guide.certifications.length })}</h3>
      {!guide.certifications.some(isValidLicence) && (
        <p className="mt-2 rounded-lg bg-marigold-50 px-3 py-2 text-sm text-marigold-900 ring-1 ring-marigold-200">{t(NO_VALID_LICENCE)}</p>
      )}
      <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {guide.certifications.map((c) => (
          <li key={c._id} className="overflow-hidden rounded-xl border border-slate-200">
            <PrivateImage path={c.image} alt={t('admin.certificateOf', { certificate: c.name, name })} className="h-40 w-full" />
            <div className="p-3 text-sm">
              <p className="font-semibold text-slate-900">{c.name}</p>
              <p className="text-slate-600">{c.issuingOrganization}</p>
              <p className="text-xs text-slate-500">{t('admin.issued', { date: formatMediumDate(c.issueDate) })}</p>
              {c.licenceNumber && (
                <p className="mt-1 text-xs text-slate-700">
                  {t.rich('admin.licenceValidUntil', { number: c.licenceNumber, date: c.expiresOn ?? '', b: (chunks) => <span className="font-semibold">{chunks}</span> })}
                </p>
              )}
              {c.image && (
                <button type="button" className="mt-2 text-xs text-link" onClick={() => setFullSize(c)}>
                  {t('admin.viewFullSize')}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <ModalDialog
        open={fullSize !== null}
        title={fullSize ? t('admin.certificateOfName', { certificate: fullSize.name, name }) : t('admin.certificate')}
        onClose={() => setFullSize(null)}
      >
        {fullSize && (
          <PrivateImage path={fullSize.image} alt={t('admin.certificateOfFull', { certificate: fullSize.name, name })} className="max-h-[75vh] w-full !object-contain" />
        )}
      </ModalDialog>
    </li>
  )
}
