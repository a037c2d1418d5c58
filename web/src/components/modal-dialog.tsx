import { useEffect, useId, useRef, type ReactNode } from 'react'
import { useT } from '../i18n/messages'
import { CloseIcon } from './shell-icons'

type ModalDialogProps = {
  open: boolean
  title: string
  onClose: () => void
  children: ReactNode
  /** On phones, a sheet that slides up from the bottom of the screen (a centred card from `sm` up). */
  sheet?: boolean
  /** As wide as the screen allows (up to `max-w-5xl`), for pictures; a narrow card otherwise. */
  wide?: boolean
}

/**
 * A modal built on the native <dialog>: the browser traps focus, closes on Escape and
 * hides the page behind it from assistive technology.
 */
export function ModalDialog({ open, title, onClose, children, sheet = false, wide = false }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const t = useT()
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault()
        onClose()
      }}
      className={
        sheet
          ? 'mx-0 mt-auto mb-0 max-h-[90dvh] w-full max-w-none overflow-y-auto rounded-t-2xl border border-slate-200 bg-white p-0 text-slate-800 shadow-float transition-transform duration-200 backdrop:bg-slate-900/50 starting:open:translate-y-full motion-reduce:transition-none sm:m-auto sm:w-[calc(100vw-2rem)] sm:max-w-md sm:rounded-2xl sm:starting:open:translate-y-0'
          : `m-auto w-[calc(100vw-2rem)] ${wide ? 'max-w-5xl' : 'max-w-md'} rounded-2xl border border-slate-200 bg-white p-0 text-slate-800 shadow-float backdrop:bg-slate-900/50`
      }
      data-sheet={sheet || undefined}
    >
      {open && (
        <div className="p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label={t('common.close')}
              className="-mt-1 -mr-2 flex h-9 w-9 items-center justify-center rounded-lg text-xl text-slate-500 hover:bg-slate-100"
            >
              <CloseIcon />
            </button>
          </div>
          <div className="mt-3">{children}</div>
        </div>
      )}
    </dialog>
  )
}
