import { useState, type FormEvent } from 'react'
import { DownloadIcon, SpinnerIcon, WalletIcon } from '../../components/icons'
import { ModalDialog } from '../../components/modal-dialog'
import { EmptyCard, ErrorCard, LoadingCard } from '../../components/status-card'
import { TextField } from '../../components/text-field'
import { Toast, useToast } from '../../components/toast'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { EARNINGS_TAG } from '../../lib/cache-tags'
import { formatDollars } from '../../lib/money'
import { useCachedQuery } from '../../lib/use-cached-query'
import { listOwedGuides, payoutsCsv, recordPayout, type OwedGuide } from './api/payouts'
import { draftFor, parseDollars, validateDraft, type PayoutDraft, type PayoutDraftErrors } from './payout-form'
import { msg, useT } from '../../i18n/messages'
import { personName } from '../../lib/person-name'
import { EmailAddress } from '../../components/email-address'

const OWED_KEY = 'admin:payouts'
export const NOTHING_OWED = msg('admin.nothingOwed')

const fullName = (g: OwedGuide) => personName(g)

/** Guides with an available balance, where to send it, and recording what was sent. */
export function PayoutsAdmin() {
  const cache = useClientCache()
  const t = useT()
  const query = useCachedQuery({ key: OWED_KEY, tags: [EARNINGS_TAG], load: listOwedGuides })
  const [paying, setPaying] = useState<OwedGuide | null>(null)
  const [downloading, setDownloading] = useState(false)
  const { toast, show } = useToast()

  async function download() {
    setDownloading(true)
    const result = await payoutsCsv()
    setDownloading(false)
    if (!result.ok) {
      show(result.message, 'error')
      return
    }
    const url = URL.createObjectURL(result.data)
    const link = document.createElement('a')
    link.href = url
    link.download = `yatra-payouts-${new Date().toISOString().slice(0, 10)}.csv`
    link.click()
    URL.revokeObjectURL(url)
  }

  return (
    <>
      <Toast toast={toast} />
      {query.status === 'loading' && !query.data && (
        <div className="card">
          <LoadingCard label={t('admin.loadingOwed')} />
        </div>
      )}
      {query.status === 'error' && !query.data && <ErrorCard message={query.error ?? ''} onRetry={query.reload} />}
      {query.data && query.data.length === 0 && (
        <EmptyCard icon={<WalletIcon />} title={t(NOTHING_OWED)}>
          {t('admin.nothingOwedText')}
        </EmptyCard>
      )}
      {query.data && query.data.length > 0 && (
        <div className="space-y-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm font-medium text-slate-700" aria-live="polite">
              {t('admin.guidesOwed', { count: query.data.length, amount: formatDollars(query.data.reduce((sum, g) => sum + g.available, 0)) })}
            </p>
            <button type="button" className="btn-secondary" onClick={() => void download()} disabled={downloading} aria-busy={downloading}>
              {downloading ? <SpinnerIcon /> : <DownloadIcon />} {t('admin.downloadCsv')}
            </button>
          </div>
          <ul className="card divide-y divide-slate-100" aria-label={t('admin.guidesToPay')}>
            {query.data.map((guide) => (
              <li key={guide.guideId} aria-label={fullName(guide)} className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{fullName(guide)}</p>
                  <p className="text-sm text-slate-600">
                    <EmailAddress address={guide.email} />
                  </p>
                  <p className="mt-1 text-sm break-words text-slate-700">
                    {guide.payoutDetails ? (
                      guide.payoutDetails.method === 'bank' ? (
                        t('admin.bankDetails', { bank: guide.payoutDetails.bankName, number: guide.payoutDetails.accountNumber, name: guide.payoutDetails.accountName })
                      ) : (
                        t('admin.khaltiDetails', { number: guide.payoutDetails.accountNumber, name: guide.payoutDetails.accountName })
                      )
                    ) : (
                      <span className="font-medium text-marigold-800">{t('admin.noPayoutDetails')}</span>
                    )}
                  </p>
                </div>
                <div className="flex items-center justify-between gap-4 sm:shrink-0 sm:justify-end">
                  <p className="text-right">
                    <span className="block text-lg font-bold text-himal-900">{formatDollars(guide.available)}</span>
                    <span className="text-xs text-slate-500">{t('admin.paidBefore', { amount: formatDollars(guide.paidOut) })}</span>
                  </p>
                  <button type="button" className="btn-primary" onClick={() => setPaying(guide)}>
                    {t('admin.recordPayout')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
      {paying && (
        <PayoutDialog
          guide={paying}
          onClose={() => setPaying(null)}
          onDone={(message) => {
            setPaying(null)
            invalidate(cache, EARNINGS_TAG)
            show(message)
          }}
        />
      )}
    </>
  )
}

function PayoutDialog({ guide, onClose, onDone }: { guide: OwedGuide; onClose: () => void; onDone: (message: string) => void }) {
  const [draft, setDraft] = useState<PayoutDraft>(() => draftFor(guide))
  const [errors, setErrors] = useState<PayoutDraftErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const name = fullName(guide)
  const t = useT()

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const found = validateDraft(draft, guide.available)
    setErrors(found)
    const amount = parseDollars(draft.amount)
    if (Object.keys(found).length > 0 || amount === null) return
    setSending(true)
    const result = await recordPayout({ guideId: guide.guideId, amount, method: draft.method, reference: draft.reference.trim() })
    setSending(false)
    if (!result.ok) {
      setFailure(result.message)
      return
    }
    onDone(t('admin.payoutRecorded', { amount: formatDollars(result.data.amount), name }))
  }

  return (
    <ModalDialog open title={t('admin.payName', { name })} onClose={() => !sending && onClose()}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-slate-600">{t('admin.payIntro', { name, amount: formatDollars(guide.available) })}</p>
        <div>
          <TextField
            id="payout-amount"
            label={t('admin.amountUsd')}
            inputMode="decimal"
            value={draft.amount}
            onChange={(e) => setDraft({ ...draft, amount: e.target.value })}
            aria-invalid={!!errors.amount}
            aria-describedby={errors.amount ? 'payout-amount-error' : undefined}
          />
          {errors.amount && (
            <p id="payout-amount-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
              {errors.amount}
            </p>
          )}
        </div>
        <div>
          <label htmlFor="payout-method" className="field-label">
            {t('admin.sentBy')}
          </label>
          <select id="payout-method" className="field-input" value={draft.method} onChange={(e) => setDraft({ ...draft, method: e.target.value === 'bank' ? 'bank' : 'khalti' })}>
            <option value="khalti">{t('admin.khaltiWallet')}</option>
            <option value="bank">{t('admin.bankTransfer')}</option>
          </select>
        </div>
        <div>
          <TextField
            id="payout-reference"
            label={t('admin.transferReference')}
            value={draft.reference}
            maxLength={100}
            onChange={(e) => setDraft({ ...draft, reference: e.target.value })}
            aria-invalid={!!errors.reference}
            aria-describedby={errors.reference ? 'payout-reference-error' : undefined}
            autoFocus
          />
          {errors.reference && (
            <p id="payout-reference-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
              {errors.reference}
            </p>
          )}
        </div>
        {failure && (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            {failure}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={onClose} disabled={sending}>
            {t('admin.cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={sending} aria-busy={sending}>
            {sending && <SpinnerIcon />} {t('admin.recordPayout')}
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
