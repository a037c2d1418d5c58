import { useId, useState, type FormEvent } from 'react'
import { FormAlert } from '../../components/form-alert'
import { SpinnerIcon } from '../../components/icons'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { guideTag } from '../../lib/cache-tags'
import { formatMediumDate } from '../../lib/intl-formats'
import type { Review } from './api/list-reviews'
import { deleteReply, saveReply } from './api/reply'
import { REPLY_MAX } from './review-form'
import { useT } from '../../i18n/messages'

type GuideReplyProps = {
  review: Review
  guideId: string
  guideName: string
  /** The reviewed guide is looking at their own page: they may reply, change and delete. */
  isOwnPage: boolean
}

/** The guide's reply under a review, with its date; on their own page, Reply / Edit reply / Delete reply. */
export function GuideReply({ review, guideId, guideName, isOwnPage }: GuideReplyProps) {
  const t = useT()
  const cache = useClientCache()
  const textId = useId()
  const [editing, setEditing] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [text, setText] = useState(review.reply?.text ?? '')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const reply = review.reply

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (busy) return
    if (text.trim() === '') {
      setError(t('guides.replyRequired'))
      return
    }
    setBusy(true)
    setError(null)
    const result = await saveReply(review._id, text.trim())
    setBusy(false)
    if (!result.ok) {
      setError(result.message)
      return
    }
    setEditing(false)
    invalidate(cache, guideTag(guideId))
  }

  async function remove() {
    setBusy(true)
    setError(null)
    const result = await deleteReply(review._id)
    setBusy(false)
    setConfirming(false)
    if (!result.ok) {
      setError(result.message)
      return
    }
    setText('')
    invalidate(cache, guideTag(guideId))
  }

  return (
    <div className="mt-3">
      {reply && !editing && (
        <div className="rounded-xl border-l-4 border-himal-600 bg-himal-50/50 px-4 py-3">
          <p className="text-xs font-semibold text-slate-700">
            {t('guides.replyFrom', { name: guideName })} <span className="font-normal text-slate-500">· {formatMediumDate(reply.updatedAt)}</span>
          </p>
          <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{reply.text}</p>
        </div>
      )}
      {isOwnPage && editing && (
        <form onSubmit={save} noValidate className="space-y-2">
          <label htmlFor={textId} className="field-label">
            {t('guides.yourReply')}
          </label>
          <textarea id={textId} rows={3} maxLength={REPLY_MAX} value={text} onChange={(e) => setText(e.target.value)} disabled={busy} className="field-input resize-y" />
          <p className="text-right text-xs text-slate-500">{t('guides.commentCount', { typed: text.length, max: REPLY_MAX })}</p>
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={() => setEditing(false)} disabled={busy}>
              {t('guides.cancel')}
            </button>
            <button type="submit" className="btn-primary" disabled={busy} aria-busy={busy}>
              {busy && <SpinnerIcon />} {t('guides.publishReply')}
            </button>
          </div>
        </form>
      )}
      {isOwnPage && !editing && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {confirming ? (
            <div role="alertdialog" aria-label={t('guides.deleteReplyQuestion')} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="text-slate-700">{t('guides.deleteReplyQuestion')}</span>
              <button type="button" className="btn-primary bg-red-700 hover:bg-red-800" onClick={remove} disabled={busy} autoFocus>
                {t('guides.deleteReply')}
              </button>
              <button type="button" className="btn-secondary" onClick={() => setConfirming(false)} disabled={busy}>
                {t('guides.keepReply')}
              </button>
            </div>
          ) : (
            <>
              <button
                type="button"
                className="btn-ghost text-sm"
                onClick={() => {
                  setText(reply?.text ?? '')
                  setEditing(true)
                }}
              >
                {reply ? t('guides.editReply') : t('guides.reply')}
              </button>
              {reply && (
                <button type="button" className="btn-ghost text-sm text-red-700" onClick={() => setConfirming(true)}>
                  {t('guides.deleteReply')}
                </button>
              )}
            </>
          )}
        </div>
      )}
      {error && (
        <div className="mt-2">
          <FormAlert tone="error">{t(error)}</FormAlert>
        </div>
      )}
    </div>
  )
}
