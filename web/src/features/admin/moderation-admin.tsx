import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { FlagIcon, InboxIcon, ShieldIcon, SpinnerIcon } from '../../components/icons'
import { LoadMore } from '../../components/load-more'
import { ModalDialog } from '../../components/modal-dialog'
import { EmptyCard, ErrorCard, LoadingCard } from '../../components/status-card'
import { Toast, useToast } from '../../components/toast'
import type { ApiResult } from '../../lib/api-result'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { BLOGS_TAG, GUIDES_TAG, blogTag, guideTag } from '../../lib/cache-tags'
import { useCachedQuery, usePagedList } from '../../lib/use-cached-query'
import { dismissReport } from './api/dismiss-report'
import { hideBlog, hideReview, unhideBlog, unhideReview } from './api/hide-content'
import { listAudit, type AuditEntry } from './api/list-audit'
import { listReports, type OpenReport } from './api/list-reports'
import { listSuspended, type SuspendedAccount } from './api/list-suspended'
import { suspendAccount, unsuspendAccount } from './api/suspend-account'

export const REPORTS_EMPTY = 'No open reports'
export const MODERATION_REASON_REQUIRED = 'Please give a reason'
const REASON_MAX = 500

/** Every admin moderation list: any action changes the reports, the suspensions and the log. */
export const MODERATION_TAG = 'admin:moderation'
const REPORTS_KEY = 'admin:reports'
const AUDIT_KEY = 'admin:audit'
const SUSPENDED_KEY = 'admin:suspended'

const when = (iso: string) => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-US', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' })
}

const WHAT = { blog: 'Blog post', review: 'Review', guide: 'Guide' } as const

type Action = {
  title: string
  explain: string
  confirm: string
  /** Whether the reason must be given (it is optional for dismissing). */
  reasonRequired: boolean
  run: (reason: string) => Promise<ApiResult<{ message: string }>>
  /** Cache tags of the public pages the action changes. */
  tags: string[]
}

/** A confirmation dialog with a reason; the typed reason stays when the server refuses. */
function ActionDialog({ action, onClose, onDone }: { action: Action | null; onClose: () => void; onDone: (message: string) => void }) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const cache = useClientCache()

  function close() {
    if (busy) return
    setReason('')
    setError(null)
    onClose()
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (!action) return
    if (action.reasonRequired && reason.trim() === '') {
      setError(MODERATION_REASON_REQUIRED)
      return
    }
    setBusy(true)
    const result = await action.run(reason.trim())
    setBusy(false)
    if (!result.ok) {
      setError(result.message)
      return
    }
    invalidate(cache, MODERATION_TAG, ...action.tags)
    setReason('')
    setError(null)
    onDone(result.data.message)
  }

  return (
    <ModalDialog open={action !== null} title={action?.title ?? ''} onClose={close}>
      {action && (
        <form onSubmit={submit} noValidate>
          <p className="text-sm text-slate-600">{action.explain}</p>
          <label htmlFor="moderation-reason" className="field-label mt-4">
            Reason{action.reasonRequired ? '' : ' (optional)'}
          </label>
          <textarea
            id="moderation-reason"
            className="field-input"
            rows={3}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={!!error}
            aria-describedby={error ? 'moderation-reason-error' : undefined}
            autoFocus
          />
          {error && (
            <p id="moderation-reason-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
              {error}
            </p>
          )}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary" onClick={close} disabled={busy}>
              Cancel
            </button>
            <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={busy} aria-busy={busy}>
              {busy && <SpinnerIcon />} {action.confirm}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  )
}

function publicLink(report: OpenReport): string | null {
  if (report.targetGone) return null
  if (report.targetType === 'blog') return `/blog/${report.targetId}`
  return report.guideId ? `/guides/${report.guideId}` : null
}

function hideAction(report: OpenReport): Action | null {
  if (report.targetGone) return null
  if (report.targetType === 'blog') {
    return {
      title: `Hide "${report.title}"?`,
      explain: 'The post leaves the feed, search and its page. The author is told, with your reason.',
      confirm: 'Hide post',
      reasonRequired: true,
      run: (reason) => hideBlog(report.targetId, reason),
      tags: [BLOGS_TAG, blogTag(report.targetId)],
    }
  }
  if (report.targetType === 'review') {
    const guide = report.guideId ?? ''
    return {
      title: 'Hide this review?',
      explain: "The review leaves the guide's page and no longer counts in their rating. The reviewer is told, with your reason.",
      confirm: 'Hide review',
      reasonRequired: true,
      run: (reason) => hideReview(report.targetId, reason),
      tags: [GUIDES_TAG, guideTag(guide)],
    }
  }
  return null
}

function suspendAction(id: string, name: string): Action {
  return {
    title: `Suspend ${name}?`,
    explain: 'They are signed out everywhere at once and cannot sign in. A guide disappears from every list, search and page until the suspension is lifted.',
    confirm: 'Suspend account',
    reasonRequired: true,
    run: (reason) => suspendAccount(id, reason),
    tags: [GUIDES_TAG, guideTag(id)],
  }
}

function ReportCard({ report, onAction }: { report: OpenReport; onAction: (action: Action) => void }) {
  const link = publicLink(report)
  const hide = hideAction(report)
  const authorId = report.authorId
  return (
    <li className="card p-5 sm:p-6" aria-label={`Report about ${report.title}`}>
      <div className="flex flex-wrap items-center gap-2 text-xs font-semibold">
        <span className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-700">{WHAT[report.targetType]}</span>
        {report.targetGone && <span className="rounded-full bg-amber-50 px-2.5 py-1 text-amber-800 ring-1 ring-amber-200">No longer public</span>}
        {report.authorSuspended && <span className="rounded-full bg-red-50 px-2.5 py-1 text-red-800 ring-1 ring-red-200">Author suspended</span>}
      </div>
      <h3 className="mt-3 text-lg font-semibold break-words text-slate-900">
        {link ? (
          <Link to={link} className="hover:underline">
            {report.title}
          </Link>
        ) : (
          report.title
        )}
      </h3>
      {report.authorName && <p className="text-sm text-slate-600">by {report.authorName}</p>}
      {report.excerpt && <p className="mt-2 line-clamp-3 text-sm break-words whitespace-pre-line text-slate-700">{report.excerpt}</p>}
      <div className="mt-4 rounded-xl bg-red-50/60 p-3 text-sm ring-1 ring-red-100">
        <p className="font-medium break-words text-slate-900">“{report.reason}”</p>
        <p className="mt-1 text-xs text-slate-600">
          Reported by {report.reporterName} · <time dateTime={report.createdAt}>{when(report.createdAt)}</time>
        </p>
      </div>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {hide && (
          <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" onClick={() => onAction(hide)}>
            {hide.confirm}
          </button>
        )}
        {authorId && !report.authorSuspended && (
          <button
            type="button"
            className="btn border border-red-300 bg-white text-red-700 hover:bg-red-50"
            onClick={() => onAction(suspendAction(authorId, report.authorName))}
          >
            Suspend {report.targetType === 'guide' ? 'guide' : 'author'}
          </button>
        )}
        <button
          type="button"
          className="btn-secondary"
          onClick={() =>
            onAction({
              title: 'Dismiss this report?',
              explain: 'Nothing changes on the public pages; the report leaves the queue.',
              confirm: 'Dismiss report',
              reasonRequired: false,
              run: (reason) => dismissReport(report._id, reason),
              tags: [],
            })
          }
        >
          Dismiss
        </button>
      </div>
    </li>
  )
}

/** Open reports, oldest first, each with hide / suspend / dismiss. */
export function ReportsAdmin() {
  const reports = usePagedList({ key: REPORTS_KEY, tags: [MODERATION_TAG], loadPage: listReports })
  const [action, setAction] = useState<Action | null>(null)
  const { toast, show } = useToast()
  return (
    <>
      <Toast toast={toast} />
      {reports.status === 'loading' && (
        <div className="card">
          <LoadingCard label="Loading the reports..." />
        </div>
      )}
      {reports.status === 'error' && <ErrorCard message={reports.error ?? ''} onRetry={reports.reload} />}
      {reports.status === 'success' && reports.items.length === 0 && (
        <EmptyCard icon={<FlagIcon />} title={REPORTS_EMPTY}>
          Posts, reviews and guides that people report appear here, oldest first.
        </EmptyCard>
      )}
      {reports.items.length > 0 && (
        <ul className="space-y-5" aria-label="Open reports">
          {reports.items.map((report) => (
            <ReportCard key={report._id} report={report} onAction={setAction} />
          ))}
        </ul>
      )}
      <LoadMore list={reports} label="More reports" />
      <ActionDialog
        action={action}
        onClose={() => setAction(null)}
        onDone={(message) => {
          setAction(null)
          show(message)
        }}
      />
    </>
  )
}

/** Suspended accounts, with a way to lift each suspension. */
export function SuspendedAdmin() {
  const query = useCachedQuery({ key: SUSPENDED_KEY, tags: [MODERATION_TAG], load: listSuspended })
  const [action, setAction] = useState<Action | null>(null)
  const { toast, show } = useToast()
  const lift = (account: SuspendedAccount): Action => {
    const name = `${account.firstName} ${account.lastName}`.trim()
    return {
      title: `Lift ${name}'s suspension?`,
      explain: 'They can sign in again, and a verified guide is listed again at once.',
      confirm: 'Unsuspend',
      reasonRequired: false,
      run: () => unsuspendAccount(account._id),
      tags: [GUIDES_TAG, guideTag(account._id)],
    }
  }
  return (
    <>
      <Toast toast={toast} />
      {query.status === 'loading' && !query.data && (
        <div className="card">
          <LoadingCard label="Loading suspended accounts..." />
        </div>
      )}
      {query.status === 'error' && !query.data && <ErrorCard message={query.error ?? ''} onRetry={query.reload} />}
      {query.data && query.data.length === 0 && (
        <EmptyCard icon={<ShieldIcon />} title="No suspended accounts">
          Accounts you suspend from a report appear here.
        </EmptyCard>
      )}
      {query.data && query.data.length > 0 && (
        <ul className="card divide-y divide-slate-100" aria-label="Suspended accounts">
          {query.data.map((account) => (
            <li key={account._id} className="flex flex-col gap-3 p-5 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">
                  {account.firstName} {account.lastName}{' '}
                  <span className="ml-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                    {account.role === 'tourist' ? 'traveller' : account.role}
                  </span>
                </p>
                <p className="text-sm break-all text-slate-600">{account.email}</p>
                <p className="mt-1 text-sm break-words text-slate-700">“{account.reason}”</p>
                <p className="mt-1 text-xs text-slate-500">
                  Suspended <time dateTime={account.suspendedAt}>{when(account.suspendedAt)}</time>
                </p>
              </div>
              <button type="button" className="btn-secondary sm:shrink-0" onClick={() => setAction(lift(account))}>
                Unsuspend
              </button>
            </li>
          ))}
        </ul>
      )}
      <ActionDialog
        action={action}
        onClose={() => setAction(null)}
        onDone={(message) => {
          setAction(null)
          show(message)
        }}
      />
    </>
  )
}

const ACTION_TEXT: Record<AuditEntry['action'], string> = {
  verify_guide: 'verified guide',
  reject_guide: 'rejected guide',
  create_destination: 'created destination',
  update_destination: 'edited destination',
  delete_destination: 'deleted destination',
  hide_blog: 'hid blog post',
  unhide_blog: 'showed again blog post',
  hide_review: 'hid review',
  unhide_review: 'showed again review',
  suspend_user: 'suspended account',
  unsuspend_user: 'lifted the suspension of account',
  dismiss_report: 'dismissed report',
  record_payout: 'recorded a payout to guide',
  update_currency_rate: 'changed the display rate of',
}

function undoAction(entry: AuditEntry): Action | null {
  if (entry.action === 'hide_blog') {
    return {
      title: 'Show this post again?',
      explain: 'It returns to the feed, search and its page.',
      confirm: 'Show again',
      reasonRequired: false,
      run: () => unhideBlog(entry.targetId),
      tags: [BLOGS_TAG, blogTag(entry.targetId)],
    }
  }
  if (entry.action === 'hide_review') {
    return {
      title: 'Show this review again?',
      explain: "It returns to the guide's page and counts in their rating again.",
      confirm: 'Show again',
      reasonRequired: false,
      run: () => unhideReview(entry.targetId),
      tags: [GUIDES_TAG],
    }
  }
  return null
}

/** Where the public sees an audited thing, when it has a page. */
function targetPath(entry: AuditEntry): string | null {
  switch (entry.targetType) {
    case 'blog':
      return `/blog/${entry.targetId}`
    case 'guide':
      return `/guides/${entry.targetId}`
    case 'destination':
      return entry.action === 'delete_destination' ? null : `/destination/${entry.targetId}`
    default:
      return null
  }
}

function TargetId({ entry }: { entry: AuditEntry }) {
  const code = <code className="rounded bg-slate-100 px-1 text-xs break-all text-slate-700">{entry.targetId}</code>
  const path = targetPath(entry)
  return path ? (
    <Link to={path} className="hover:underline">
      {code}
    </Link>
  ) : (
    code
  )
}

/** Every admin action, newest first. Hidden posts and reviews can be shown again from here. */
export function AuditAdmin() {
  const log = usePagedList({ key: AUDIT_KEY, tags: [MODERATION_TAG], loadPage: listAudit })
  const [action, setAction] = useState<Action | null>(null)
  const { toast, show } = useToast()
  return (
    <>
      <Toast toast={toast} />
      {log.status === 'loading' && (
        <div className="card">
          <LoadingCard label="Loading the audit log..." />
        </div>
      )}
      {log.status === 'error' && <ErrorCard message={log.error ?? ''} onRetry={log.reload} />}
      {log.status === 'success' && log.items.length === 0 && (
        <EmptyCard icon={<InboxIcon />} title="Nothing recorded yet">
          Every admin action is recorded here, newest first.
        </EmptyCard>
      )}
      {log.items.length > 0 && (
        <ol className="card divide-y divide-slate-100" aria-label="Audit log">
          {log.items.map((entry) => {
            const undo = undoAction(entry)
            return (
              <li key={entry._id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5">
                <div className="min-w-0 text-sm">
                  <p className="text-slate-900">
                    <span className="font-semibold">{entry.actorName || 'An admin'}</span> {ACTION_TEXT[entry.action]}{' '}
                    <TargetId entry={entry} />
                  </p>
                  {entry.reason && <p className="mt-1 break-words text-slate-700">“{entry.reason}”</p>}
                  <p className="mt-1 text-xs text-slate-500">
                    <time dateTime={entry.createdAt}>{when(entry.createdAt)}</time>
                  </p>
                </div>
                {undo && (
                  <button type="button" className="btn-ghost self-start text-sm sm:shrink-0" onClick={() => setAction(undo)}>
                    Show again
                  </button>
                )}
              </li>
            )
          })}
        </ol>
      )}
      <LoadMore list={log} label="Older entries" />
      <ActionDialog
        action={action}
        onClose={() => setAction(null)}
        onDone={(message) => {
          setAction(null)
          show(message)
        }}
      />
    </>
  )
}
