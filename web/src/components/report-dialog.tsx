import { useState, type FormEvent } from 'react'
import { msg, useT } from '../i18n/messages'
import { useAuth } from '../lib/auth-store'
import { REPORT_REASON_MAX, reportContent, type ReportTarget } from '../lib/report-content'
import { FlagIcon, SpinnerIcon } from './icons'
import { ModalDialog } from './modal-dialog'

export const REPORT_REASON_REQUIRED = msg('common.reportReasonRequired')

/** A Report button small enough to sit in a line of text (beside a name or a rating). */
export const SMALL_REPORT_BUTTON = 'inline-flex items-center gap-1 rounded-lg px-2 py-1 text-xs font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-800'

type ReportButtonProps = {
  targetType: ReportTarget
  targetId: string
  /** Called with the server's message: success, or why not (already reported, gone...). */
  onMessage: (text: string, tone: 'success' | 'error') => void
  className?: string
  label?: string
}

/**
 * "Report" for signed-in people (nothing for visitors): a dialog asks for the reason and
 * sends it to the admins. The typed reason stays if sending fails.
 */
export function ReportButton({ targetType, targetId, onMessage, className = 'btn-secondary', label }: ReportButtonProps) {
  const t = useT()
  const { isSignedIn } = useAuth()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  if (!isSignedIn) return null

  function close() {
    if (!sending) setOpen(false)
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (reason.trim() === '') {
      setError(t(REPORT_REASON_REQUIRED))
      return
    }
    setSending(true)
    const result = await reportContent(targetType, targetId, reason.trim())
    setSending(false)
    if (result.ok) {
      setOpen(false)
      setReason('')
      onMessage(result.data.message, 'success')
    } else if (result.status === 409) {
      // Already reported: nothing to add, so the dialog closes with the server's word.
      setOpen(false)
      onMessage(result.message, 'error')
    } else {
      setError(result.message)
    }
  }

  const reasonId = `report-reason-${targetType}-${targetId}`
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => {
          setError(null)
          setOpen(true)
        }}
        aria-label={t('common.reportThis', { what: targetType })}
      >
        <FlagIcon /> {label ?? t('common.report')}
      </button>
      <ModalDialog open={open} title={t('common.reportThis', { what: targetType })} onClose={close}>
        <form onSubmit={submit} noValidate>
          <label htmlFor={reasonId} className="field-label">
            {t('common.reportReasonLabel')}
          </label>
          <textarea
            id={reasonId}
            className="field-input"
            rows={4}
            maxLength={REPORT_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={!!error}
            aria-describedby={error ? `${reasonId}-error` : undefined}
            placeholder={t('common.reportReasonPlaceholder')}
            autoFocus
          />
          {error && (
            <p id={`${reasonId}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
              {error}
            </p>
          )}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary" onClick={close} disabled={sending}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={sending} aria-busy={sending}>
              {sending && <SpinnerIcon />} {t('common.sendReport')}
            </button>
          </div>
        </form>
      </ModalDialog>
    </>
  )
}
