import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { FormAlert } from '../../components/form-alert'
import { SendIcon, SpinnerIcon } from '../../components/icons'
import type { ApiResult } from '../../lib/api-result'
import { composerProblem, counterText, isSendKey, messageLength, TEXT_MAX } from './conversation-view'
import { useT } from '../../i18n/messages'

type ComposerProps = {
  /** Who the message is for, as the field's label says it: 'Message Dawa'. */
  label: string
  placeholder?: string
  onSend: (text: string) => Promise<ApiResult<unknown>>
  autoFocus?: boolean
  /** Why nothing can be sent now (no signal): the box is shown disabled with this reason. */
  disabledReason?: string
  /** What the box holds at first (a question begun elsewhere, e.g. on a tour's page). */
  initialText?: string
}

/**
 * The message box: a counter, Enter to send and Shift+Enter for a new line. While sending
 * the text stays put; a failure keeps it, with the reason, so nothing typed is lost.
 */
export function Composer({ label, placeholder, onSend, autoFocus, disabledReason, initialText = '' }: ComposerProps) {
  const t = useT()
  const [text, setText] = useState(initialText)
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const fieldId = useId()
  const counterId = useId()
  const field = useRef<HTMLTextAreaElement>(null)
  const over = messageLength(text) > TEXT_MAX

  // A question begun elsewhere is continued, not typed in front of.
  useEffect(() => {
    const box = field.current
    if (box && initialText) box.setSelectionRange(box.value.length, box.value.length)
  }, [initialText])

  async function send() {
    if (sending) return
    const problem = composerProblem(text)
    if (problem) {
      setError(problem)
      return
    }
    setSending(true)
    setError(null)
    const result = await onSend(text)
    setSending(false)
    if (!result.ok) {
      setError(result.message)
      return
    }
    setText('')
    field.current?.focus()
  }

  function submitted(event: FormEvent) {
    event.preventDefault()
    void send()
  }

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!isSendKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing })) return
    event.preventDefault()
    void send()
  }

  return (
    <form onSubmit={submitted} className="border-t border-slate-200 bg-white p-3 sm:p-4" aria-busy={sending}>
      {disabledReason && (
        <p role="status" className="mb-2 text-sm font-medium text-marigold-900">
          {disabledReason}
        </p>
      )}
      {error && (
        <div className="mb-2">
          <FormAlert tone="error">{error}</FormAlert>
        </div>
      )}
      <label htmlFor={fieldId} className="sr-only">
        {label}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={fieldId}
          ref={field}
          value={text}
          onChange={(e) => {
            setText(e.target.value)
            if (error) setError(null)
          }}
          onKeyDown={keyDown}
          rows={2}
          placeholder={placeholder ?? t('messages.writeAMessage')}
          aria-describedby={counterId}
          aria-invalid={over || undefined}
          autoFocus={autoFocus}
          readOnly={sending}
          disabled={disabledReason !== undefined}
          className="field-input max-h-40 min-h-12 flex-1 resize-y"
        />
        <button type="submit" className="btn-primary shrink-0" disabled={sending || disabledReason !== undefined} aria-label={sending ? t('messages.sending') : t('messages.send')}>
          {sending ? <SpinnerIcon className="animate-spin" /> : <SendIcon />}
          <span className="hidden sm:inline">{sending ? t('messages.sendingDots') : t('messages.send')}</span>
        </button>
      </div>
      <p id={counterId} className="mt-1.5 flex justify-between gap-3 text-xs text-slate-500">
        <span className="hidden sm:inline">{t('messages.enterToSend')}</span>
        <span className={over ? 'font-semibold text-red-700' : ''}>{counterText(text)}</span>
      </p>
    </form>
  )
}
