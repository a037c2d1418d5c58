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
import { useCachedQuery } from '../../lib/use-cached-query'
import { usePagedList } from '../../lib/use-paged-list'
import { dismissReport } from './api/dismiss-report'
import { hideBlog, hideReview, unhideBlog, unhideReview } from './api/hide-content'
import { listAudit, type AuditEntry } from './api/list-audit'
import { listReports, type OpenReport } from './api/list-reports'
import { listSuspended, type SuspendedAccount } from './api/list-suspended'
import { suspendAccount, unsuspendAccount } from './api/suspend-account'
import { msg, translate, useT } from '../../i18n/messages'
import { formatMoment } from '../../lib/booking'
import { personName } from '../../lib/person-name'
import { EmailAddress } from '../../components/email-address'

export const REPORTS_EMPTY = msg('admin.reportsEmpty')
export const MODERATION_REASON_REQUIRED = msg('admin.moderationReasonRequired')
const REASON_MAX = 500

/** Every admin moderation list: any action changes the reports, the suspensions and the log. */
export const MODERATION_TAG = 'admin:moderation'
const REPORTS_KEY = 'admin:reports'
const AUDIT_KEY = 'admin:audit'
const SUSPENDED_KEY = 'admin:suspended'

// Moments in Nepal time, as every moment Yatra shows (the reporter's browser zone is not the admin's).
const when = formatMoment

const WHAT = { blog: msg('admin.whatBlog'), review: msg('admin.whatReview'), guide: msg('admin.whatGuide') } as const

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
  const t = useT()

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
      setError(t(MODERATION_REASON_REQUIRED))
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
            {t('admin.reasonOptional', { required: action.reasonRequired ? 'yes' : 'no' })}
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
              {t('admin.cancel')}
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
      title: translate('admin.hidePostTitle', { title: report.title }),
      explain: translate('admin.hidePostText'),
      confirm: translate('admin.hidePost'),
      reasonRequired: true,
      run: (reason) => hideBlog(report.targetId, reason),
      tags: [BLOGS_TAG, blogTag(report.targetId)],
    }
  }
  if (report.targetType === 'review') {
    const guide = report.guideId ?? ''
    return {
      title: translate('admin.hideReviewTitle'),
      explain: translate('admin.hideReviewText'),
      confirm: translate('admin.hideReview'),
      reasonRequired: true,
      run: (reason) => hideReview(report.targetId, reason),
      tags: [GUIDES_TAG, guideTag(guide)],
    }
  }
  return null
}

function suspendAction(id: string, name: string): Action {
  return {
    title: translate('admin.suspendTitle', { name }),
    explain: translate('admin.suspendText'),
    confirm: translate('admin.suspendAccount'),
    reasonRequired: true,
    run: (reason) => suspendAccount(id, reason),
    tags: [GUIDES_TAG, guideTag(id)],
  }
}

function ReportCard({ report, onAction }: { report: OpenReport; onAction: (action: Action) => void }) {
  const link = publicLink(report)
  const hide = hideAction(report)
  const authorId = report.authorId
  const t = useT()
  return (
    <li className="card p-5 sm:p-6" aria-label={t('admin.reportAbout', { title: report.title })}>
      <div className="flex flex-wrap items-center gap-2 text-xs font-semibold">
        <span className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-700">{t(WHAT[report.targetType])}</span>
        {report.targetGone && <span className="rounded-full bg-amber-50 px-2.5 py-1 text-amber-800 ring-1 ring-amber-200">{t('admin.noLongerPublic')}</span>}
        {report.authorSuspended && <span className="rounded-full bg-red-50 px-2.5 py-1 text-red-800 ring-1 ring-red-200">{t('admin.authorSuspended')}</span>}
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
      {report.authorName && <p className="text-sm text-slate-600">{t('admin.byAuthor', { name: report.authorName })}</p>}
      {report.excerpt && <p className="mt-2 line-clamp-3 text-sm break-words whitespace-pre-line text-slate-700">{report.excerpt}</p>}
      <div className="mt-4 rounded-xl bg-red-50/60 p-3 text-sm ring-1 ring-red-100">
        <p className="font-medium break-words text-slate-900">“{report.reason}”</p>
        <p className="mt-1 text-xs text-slate-600">
          {t('admin.reportedBy', { name: report.reporterName })} · <time dateTime={report.createdAt}>{when(report.createdAt)}</time>
        </p>
      </div>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {hide && (
          <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" onClick={() => onAction(hide)}>
            {hide.confirm}
          </button>
        )}
        {authorId && !report.authorSuspended && (
          <button type="button" className="btn border border-red-300 bg-white text-red-700 hover:bg-red-50" onClick={() => onAction(suspendAction(authorId, report.authorName))}>
            {t('admin.suspendWho', { who: report.targetType === 'guide' ? 'guide' : 'author' })}
          </button>
        )}
        <button
          type="button"
          className="btn-secondary"
          onClick={() =>
            onAction({
              title: t('admin.dismissTitle'),
              explain: t('admin.dismissText'),
              confirm: t('admin.dismissReport'),
              reasonRequired: false,
              run: (reason) => dismissReport(report._id, reason),
              tags: [],
            })
          }
        >
          {t('admin.dismiss')}
        </button>
      </div>
    </li>
  )
}

/** Open reports, oldest first, each with hide / suspend / dismiss. */
export function ReportsAdmin() {
  const reports = usePagedList({ key: REPORTS_KEY, tags: [MODERATION_TAG], loadPage: listReports })
  const t = useT()
  const [action, setAction] = useState<Action | null>(null)
  const { toast, show } = useToast()
  return (
    <>
      <Toast toast={toast} />
      {reports.status === 'loading' && (
        <div className="card">
          <LoadingCard label={t('admin.loadingReports')} />
        </div>
      )}
      {reports.status === 'error' && <ErrorCard message={reports.error ?? ''} onRetry={reports.reload} />}
      {reports.status === 'success' && reports.items.length === 0 && (
        <EmptyCard icon={<FlagIcon />} title={t(REPORTS_EMPTY)}>
          {t('admin.reportsEmptyText')}
        </EmptyCard>
      )}
      {reports.items.length > 0 && (
        <ul className="space-y-5" aria-label={t('admin.openReports')}>
          {reports.items.map((report) => (
            <ReportCard key={report._id} report={report} onAction={setAction} />
          ))}
        </ul>
      )}
      <LoadMore list={reports} label={t('admin.moreReports')} />
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
  const t = useT()
  const [action, setAction] = useState<Action | null>(null)
  const { toast, show } = useToast()
  const lift = (account: SuspendedAccount): Action => {
    const name = personName(account)
    return {
      title: t('admin.liftTitle', { name }),
      explain: t('admin.liftText'),
      confirm: t('admin.unsuspend'),
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
          <LoadingCard label={t('admin.loadingSuspended')} />
        </div>
      )}
      {query.status === 'error' && !query.data && <ErrorCard message={query.error ?? ''} onRetry={query.reload} />}
      {query.data && query.data.length === 0 && (
        <EmptyCard icon={<ShieldIcon />} title={t('admin.noSuspended')}>
          {t('admin.noSuspendedText')}
        </EmptyCard>
      )}
      {query.data && query.data.length > 0 && (
        <ul className="card divide-y divide-slate-100" aria-label={t('admin.secAccountsTitle')}>
          {query.data.map((account) => (
            <li key={account._id} className="flex flex-col gap-3 p-5 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">
                  {account.firstName} {account.lastName}{' '}
                  <span className="ml-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">{t('admin.roleName', { role: account.role })}</span>
                </p>
                <p className="text-sm text-slate-600">
                  <EmailAddress address={account.email} />
                </p>
                <p className="mt-1 text-sm break-words text-slate-700">“{account.reason}”</p>
                <p className="mt-1 text-xs text-slate-500">
                  {t.rich('admin.suspendedAt', { time: () => <time dateTime={account.suspendedAt}>{when(account.suspendedAt)}</time> })}
                </p>
              </div>
              <button type="button" className="btn-secondary sm:shrink-0" onClick={() => setAction(lift(account))}>
                {t('admin.unsuspend')}
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
  verify_guide: msg('admin.auditVerifyGuide'),
  reject_guide: msg('admin.auditRejectGuide'),
  create_destination: msg('admin.auditCreateDestination'),
  update_destination: msg('admin.auditUpdateDestination'),
  delete_destination: msg('admin.auditDeleteDestination'),
  hide_blog: msg('admin.auditHideBlog'),
  unhide_blog: msg('admin.auditUnhideBlog'),
  hide_review: msg('admin.auditHideReview'),
  unhide_review: msg('admin.auditUnhideReview'),
  suspend_user: msg('admin.auditSuspendUser'),
  unsuspend_user: msg('admin.auditUnsuspendUser'),
  dismiss_report: msg('admin.auditDismissReport'),
  record_payout: msg('admin.auditRecordPayout'),
  update_currency_rate: msg('admin.auditUpdateCurrencyRate'),
  record_refund: msg('admin.auditRecordRefund'),
  guide_cancelled_trip: msg('admin.auditGuideCancelledTrip'),
}

function undoAction(entry: AuditEntry): Action | null {
  if (entry.action === 'hide_blog') {
    return {
      title: translate('admin.showPostAgainTitle'),
      explain: translate('admin.showPostAgainText'),
      confirm: translate('admin.showAgain'),
      reasonRequired: false,
      run: () => unhideBlog(entry.targetId),
      tags: [BLOGS_TAG, blogTag(entry.targetId)],
    }
  }
  if (entry.action === 'hide_review') {
    return {
      title: translate('admin.showReviewAgainTitle'),
      explain: translate('admin.showReviewAgainText'),
      confirm: translate('admin.showAgain'),
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
  const t = useT()
  const [action, setAction] = useState<Action | null>(null)
  const { toast, show } = useToast()
  return (
    <>
      <Toast toast={toast} />
      {log.status === 'loading' && (
        <div className="card">
          <LoadingCard label={t('admin.loadingAudit')} />
        </div>
      )}
      {log.status === 'error' && <ErrorCard message={log.error ?? ''} onRetry={log.reload} />}
      {log.status === 'success' && log.items.length === 0 && (
        <EmptyCard icon={<InboxIcon />} title={t('admin.nothingRecorded')}>
          {t('admin.nothingRecordedText')}
        </EmptyCard>
      )}
      {log.items.length > 0 && (
        <ol className="card divide-y divide-slate-100" aria-label={t('admin.secAuditLabel')}>
          {log.items.map((entry) => {
            const undo = undoAction(entry)
            return (
              <li key={entry._id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5">
                <div className="min-w-0 text-sm">
                  <p className="text-slate-900">
                    <span className="font-semibold">{entry.actorName || t('admin.anAdmin')}</span> {t(ACTION_TEXT[entry.action])} <TargetId entry={entry} />
                  </p>
                  {entry.reason && <p className="mt-1 break-words text-slate-700">“{entry.reason}”</p>}
                  <p className="mt-1 text-xs text-slate-500">
                    <time dateTime={entry.createdAt}>{when(entry.createdAt)}</time>
                  </p>
                </div>
                {undo && (
                  <button type="button" className="btn-ghost self-start text-sm sm:shrink-0" onClick={() => setAction(undo)}>
                    {t('admin.showAgain')}
                  </button>
                )}
              </li>
            )
          })}
        </ol>
      )}
      <LoadMore list={log} label={t('admin.olderEntries')} />
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
