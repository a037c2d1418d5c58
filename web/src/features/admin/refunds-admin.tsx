import { useState, type FormEvent } from 'react'
import { SpinnerIcon, WalletIcon } from '../../components/icons'
import { ModalDialog } from '../../components/modal-dialog'
import { EmptyCard, ErrorCard, LoadingCard } from '../../components/status-card'
import { TextField } from '../../components/text-field'
import { Toast, useToast } from '../../components/toast'
import { msg, useT } from '../../i18n/messages'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { BOOKINGS_TAG, EARNINGS_TAG } from '../../lib/cache-tags'
import { formatDollars } from '../../lib/money'
import { useCachedQuery } from '../../lib/use-cached-query'
import { formatRupees } from '../../lib/rupees'
import { listRefundsByHand, recordRefundDone, type RefundByHand } from './api/refunds'
import { MODERATION_TAG } from './moderation-admin'
import { EmailAddress } from '../../components/email-address'

const REFUNDS_KEY = 'admin:refunds'
export const NO_REFUNDS_BY_HAND = msg('admin.noRefundsByHand')
export const REFERENCE_REQUIRED = msg('admin.refundReferenceRequired')

/** Refunds eSewa cannot be asked for: what to give back and where, and recording it once made. */
export function RefundsAdmin() {
  const cache = useClientCache()
  const t = useT()
  const query = useCachedQuery({ key: REFUNDS_KEY, tags: [BOOKINGS_TAG], load: listRefundsByHand })
  const [recording, setRecording] = useState<RefundByHand | null>(null)
  const { toast, show } = useToast()

  return (
    <>
      <Toast toast={toast} />
      {query.status === 'loading' && !query.data && (
        <div className="card">
          <LoadingCard label={t('admin.loadingRefunds')} />
        </div>
      )}
      {query.status === 'error' && !query.data && <ErrorCard message={query.error ?? ''} onRetry={query.reload} />}
      {query.data && query.data.length === 0 && (
        <EmptyCard icon={<WalletIcon />} title={t(NO_REFUNDS_BY_HAND)}>
          {t('admin.noRefundsByHandText')}
        </EmptyCard>
      )}
      {query.data && query.data.length > 0 && (
        <div className="space-y-4">
          <p className="text-sm font-medium text-slate-700" aria-live="polite">
            {t('admin.refundsWaiting', { count: query.data.length })}
          </p>
          <ul className="card divide-y divide-slate-100" aria-label={t('admin.refundsToMake')}>
            {query.data.map((refund) => (
              <li key={refund.refundId} aria-label={refund.travellerName} className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0 text-sm text-slate-700">
                  <p className="text-base font-semibold text-slate-900">{refund.travellerName}</p>
                  <p className="text-slate-600">
                    <EmailAddress address={refund.travellerEmail} />
                  </p>
                  <p className="mt-1">{t('admin.refundTrip', { guide: refund.guideName, dates: refund.tripDates })}</p>
                  <p className="mt-1 break-all">
                    {t('admin.refundPaymentReference', { provider: refund.provider === 'esewa' ? 'eSewa' : refund.provider })}{' '}
                    <code className="rounded bg-slate-100 px-1 text-xs text-slate-800">{refund.paymentReference}</code>
                  </p>
                </div>
                <div className="flex items-center justify-between gap-4 sm:shrink-0 sm:justify-end">
                  <p className="text-right">
                    <span className="block text-lg font-bold text-himal-900">{formatRupees(refund.amountNpr)}</span>
                    <span className="text-xs text-slate-600">{formatDollars(refund.amount)}</span>
                  </p>
                  <button type="button" className="btn-primary" onClick={() => setRecording(refund)}>
                    {t('admin.markRefunded')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
      {recording && (
        <RefundDialog
          refund={recording}
          onClose={() => setRecording(null)}
          onDone={(message) => {
            setRecording(null)
            invalidate(cache, BOOKINGS_TAG, EARNINGS_TAG, MODERATION_TAG)
            show(message)
          }}
        />
      )}
    </>
  )
}

function RefundDialog({ refund, onClose, onDone }: { refund: RefundByHand; onClose: () => void; onDone: (message: string) => void }) {
  const [reference, setReference] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const t = useT()
  const amount = formatRupees(refund.amountNpr)

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (!reference.trim()) {
      setError(t(REFERENCE_REQUIRED))
      return
    }
    setError(null)
    setSending(true)
    const result = await recordRefundDone(refund.refundId, reference.trim())
    setSending(false)
    if (!result.ok) {
      setFailure(result.message)
      return
    }
    onDone(t('admin.refundRecorded', { amount, name: refund.travellerName }))
  }

  return (
    <ModalDialog open title={t('admin.refundTitle', { name: refund.travellerName })} onClose={() => !sending && onClose()}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-slate-600">{t('admin.refundIntro', { amount, reference: refund.paymentReference })}</p>
        <div>
          <TextField
            id="refund-reference"
            label={t('admin.refundReference')}
            value={reference}
            maxLength={100}
            onChange={(e) => setReference(e.target.value)}
            aria-invalid={!!error}
            aria-describedby={error ? 'refund-reference-error' : undefined}
            autoFocus
          />
          {error && (
            <p id="refund-reference-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
              {error}
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
            {sending && <SpinnerIcon />} {t('admin.confirmRefunded')}
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
