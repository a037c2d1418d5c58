import type { ReactNode } from 'react'
import { AlertIcon, CheckIcon } from './icons'

type FormAlertProps = { tone: 'error' | 'success'; title?: string; children?: ReactNode }

/** An inline message for a form; errors are announced assertively, successes politely. */
export function FormAlert({ tone, title, children }: FormAlertProps) {
  const styles = tone === 'error' ? 'border-red-200 bg-red-50 text-red-800' : 'border-emerald-200 bg-emerald-50 text-emerald-800'
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`flex items-start gap-3 rounded-xl border px-4 py-3 text-sm ${styles}`}>
      <span className="mt-0.5 text-base">{tone === 'error' ? <AlertIcon /> : <CheckIcon />}</span>
      <div>
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={title ? 'mt-0.5' : ''}>{children}</div>}
      </div>
    </div>
  )
}
