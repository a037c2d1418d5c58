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
import { AuditAdmin, ReportsAdmin, SuspendedAdmin } from './moderation-admin'

export const QUEUE_EMPTY = 'No guides are waiting for verification'
export const REASON_REQUIRED = 'Please give a reason for the rejection'
const REASON_MAX = 500

type Load = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; queue: PendingVerification[] }
type Pending = { kind: 'verify' | 'reject'; guide: PendingVerification } | null

const fullName = (g: PendingVerification) => `${g.firstName} ${g.lastName}`.trim()
const shortDate = (iso: string) => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-US', { day: 'numeric', month: 'short', year: 'numeric' })
}

function VerificationQueue() {
  const cache = useClientCache()
  const query = useCachedQuery({ key: VERIFICATION_QUEUE_KEY, tags: verificationQueueTags, load: listVerifications })
  const load: Load = query.data
    ? { kind: 'ready', queue: query.data }
    : query.status === 'error'
      ? { kind: 'error', message: query.error ?? QUEUE_LOAD_FAILED }
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
      setReasonError(REASON_REQUIRED)
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
    if (query.data) cache.set(VERIFICATION_QUEUE_KEY, query.data.filter((g) => g.guideId !== guideId), { tags: verificationQueueTags })
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
            <LoadingCard label="Loading the verification queue..." />
          </div>
        )}
        {load.kind === 'error' && <ErrorCard message={load.message} onRetry={query.reload} />}
        {load.kind === 'ready' && load.queue.length === 0 && (
          <EmptyCard icon={<ShieldIcon />} title={QUEUE_EMPTY}>
            New certificate submissions appear here, oldest first.
          </EmptyCard>
        )}
        {load.kind === 'ready' && load.queue.length > 0 && (
          <>
            <p className="mb-4 text-sm font-medium text-slate-700" aria-live="polite">
              {load.queue.length} {load.queue.length === 1 ? 'guide is' : 'guides are'} waiting for review
            </p>
            <ul className="space-y-5" aria-label="Guides waiting for verification">
              {load.queue.map((guide) => (
                <QueueItem key={guide.guideId} guide={guide} onVerify={() => open('verify', guide)} onReject={() => open('reject', guide)} />
              ))}
            </ul>
          </>
        )}
      </div>

      <ModalDialog open={pending?.kind === 'verify'} title={pending ? `Verify ${fullName(pending.guide)}?` : 'Verify guide?'} onClose={close}>
        <form onSubmit={handleDecision}>
          <p className="text-sm text-slate-600">Their profile becomes public and travellers can book them. The guide is notified.</p>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary" onClick={close} disabled={deciding}>
              Cancel
            </button>
            <button type="submit" className="btn bg-emerald-700 text-white hover:bg-emerald-800" disabled={deciding} aria-busy={deciding}>
              {deciding ? <SpinnerIcon /> : <CheckIcon />} Confirm verification
            </button>
          </div>
        </form>
      </ModalDialog>

      <ModalDialog open={pending?.kind === 'reject'} title={pending ? `Reject ${fullName(pending.guide)}?` : 'Reject guide?'} onClose={close}>
        <form onSubmit={handleDecision} noValidate>
          <label htmlFor="reject-reason" className="field-label">
            Reason (the guide will read this)
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
            placeholder="e.g. The licence image is unreadable. Please upload a clearer photo."
            autoFocus
          />
          {reasonError && (
            <p id="reject-reason-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
              {reasonError}
            </p>
          )}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary" onClick={close} disabled={deciding}>
              Cancel
            </button>
            <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={deciding} aria-busy={deciding}>
              {deciding && <SpinnerIcon />} Confirm rejection
            </button>
          </div>
        </form>
      </ModalDialog>
    </>
  )
}

const SECTIONS = {
  verification: {
    label: 'Guide verification',
    title: 'Guide verification',
    description: "Check each guide's certificates, then verify them so travellers can find them, or reject with a reason.",
  },
  reports: {
    label: 'Reports',
    title: 'Reports',
    description: 'Posts, reviews and guides people reported. Hide what breaks the rules, suspend the author, or dismiss the report.',
  },
  accounts: {
    label: 'Suspended',
    title: 'Suspended accounts',
    description: 'Suspended accounts cannot sign in, and suspended guides are not listed. Lift a suspension here.',
  },
  audit: {
    label: 'Audit log',
    title: 'Audit log',
    description: 'Every admin action, newest first: who did what, to what, and why.',
  },
  cancellations: {
    label: 'Cancellations',
    title: 'Guide cancellations',
    description: 'Guides who cancelled approved or paid trips (the traveller was refunded in full), most cancellations first.',
  },
  payouts: {
    label: 'Payouts',
    title: 'Payouts',
    description: "Guides whose earnings are ready to pay out and where to send them. Send the money, then record it with the transfer's reference.",
  },
  destinations: {
    label: 'Destinations',
    title: 'Destinations',
    description: 'Add, edit and remove the destinations travellers browse. Changes show on the public pages at once.',
  },
  currencies: {
    label: 'Currencies',
    title: 'Currencies',
    description: 'The rates at which travellers see prices in their own currency. Every change is in the audit log.',
  },
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
  destinations: DestinationsAdmin,
  currencies: CurrenciesAdmin,
}

/** /admin: the guide verification queue and, beside it, reports, suspended accounts, the audit log, cancellations, payouts, destinations and currency rates (`?tab=`). */
export function AdminPage() {
  const [params] = useSearchParams()
  const tab = params.get('tab')
  const section: Section = isSection(tab) ? tab : 'verification'
  const View = SECTION_VIEWS[section]
  const { title, description } = SECTIONS[section]
  return (
    <PageShell eyebrow="Admin" title={title} description={description}>
      <div className="relative -mt-16 space-y-6 sm:-mt-32">
        <nav aria-label="Admin sections" className="flex max-w-full gap-1 overflow-x-auto rounded-2xl bg-white p-1 shadow-card ring-1 ring-slate-200 sm:inline-flex">
          {(Object.keys(SECTIONS) as Section[]).map((key) => (
            <Link
              key={key}
              to={key === 'verification' ? '/admin' : `/admin?tab=${key}`}
              aria-current={key === section ? 'page' : undefined}
              className={`shrink-0 rounded-xl px-4 py-2 text-sm font-semibold whitespace-nowrap transition-colors ${
                key === section ? 'bg-himal-700 text-white' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
              }`}
            >
              {SECTIONS[key].label}
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
export const NO_VALID_LICENCE = 'No valid guide licence (number and future expiry) among these certificates: verifying will be refused.'

function QueueItem({ guide, onVerify, onReject }: { guide: PendingVerification; onVerify: () => void; onReject: () => void }) {
  const [fullSize, setFullSize] = useState<QueuedCertificate | null>(null)
  const name = fullName(guide)
  const photo = mediaUrl(guide.profilePicture)
  return (
    <li className="card p-5 sm:p-6" aria-label={name}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-4">
          <span className="flex h-14 w-14 shrink-0 items-center justify-center overflow-hidden rounded-full bg-himal-100 text-2xl text-himal-400">
            {photo ? <img src={photo} alt="" className="h-full w-full object-cover" /> : <UserIcon />}
          </span>
          <div className="min-w-0">
            <h2 className="text-lg font-semibold text-slate-900">{name}</h2>
            <p className="text-sm break-all text-slate-600">{guide.email}</p>
            <p className="mt-1 text-xs text-slate-500">
              {guide.nationality && <>{guide.nationality} · </>}Submitted {shortDate(guide.submittedAt)}
              {guide.guideCancellations > 0 && <> · {guide.guideCancellations === 1 ? '1 trip cancelled' : `${guide.guideCancellations} trips cancelled`}</>}
            </p>
          </div>
        </div>
        <div className="flex gap-3 sm:shrink-0">
          <button type="button" className="btn flex-1 bg-emerald-700 text-white hover:bg-emerald-800 sm:flex-none" onClick={onVerify}>
            <CheckIcon /> Verify
          </button>
          <button type="button" className="btn flex-1 border border-red-300 bg-white text-red-700 hover:bg-red-50 sm:flex-none" onClick={onReject}>
            Reject
          </button>
        </div>
      </div>
      {guide.bio && <p className="mt-4 line-clamp-3 text-sm text-slate-700">{guide.bio}</p>}
      <h3 className="mt-5 text-sm font-semibold text-slate-900">Certificates ({guide.certifications.length})</h3>
      {!guide.certifications.some(isValidLicence) && (
        <p className="mt-2 rounded-lg bg-marigold-50 px-3 py-2 text-sm text-marigold-900 ring-1 ring-marigold-200">{NO_VALID_LICENCE}</p>
      )}
      <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {guide.certifications.map((c) => (
          <li key={c._id} className="overflow-hidden rounded-xl border border-slate-200">
            <PrivateImage path={c.image} alt={`${c.name} certificate of ${name}`} className="h-40 w-full" />
            <div className="p-3 text-sm">
              <p className="font-semibold text-slate-900">{c.name}</p>
              <p className="text-slate-600">{c.issuingOrganization}</p>
              <p className="text-xs text-slate-500">Issued {c.issueDate.slice(0, 10)}</p>
              {c.licenceNumber && (
                <p className="mt-1 text-xs text-slate-700">
                  Licence <span className="font-semibold">{c.licenceNumber}</span>, valid until <span className="font-semibold">{c.expiresOn}</span>
                </p>
              )}
              {c.image && (
                <button type="button" className="mt-2 text-xs text-link" onClick={() => setFullSize(c)}>
                  View full size
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <ModalDialog open={fullSize !== null} title={fullSize ? `${fullSize.name} of ${name}` : 'Certificate'} onClose={() => setFullSize(null)}>
        {fullSize && <PrivateImage path={fullSize.image} alt={`${fullSize.name} certificate of ${name}, full size`} className="max-h-[75vh] w-full !object-contain" />}
      </ModalDialog>
    </li>
  )
}
