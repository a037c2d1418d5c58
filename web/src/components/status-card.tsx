import type { ReactNode } from 'react'
import { AlertIcon, SpinnerIcon } from './icons'

/** The load-error card: the message and 'Try Again', which reloads the page. */
export function ErrorCard({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="card mx-auto max-w-md p-8 text-center">
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-red-50 text-2xl text-red-700">
        <AlertIcon />
      </span>
      <p className="mt-4 text-lg font-semibold text-slate-900">{message}</p>
      <p className="mt-1 text-sm text-slate-500">Check your connection and try again.</p>
      <button type="button" className="btn-primary mt-6" onClick={onRetry ?? (() => window.location.reload())}>
        Try Again
      </button>
    </div>
  )
}

export function LoadingCard({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-20 text-slate-600">
      <SpinnerIcon className="animate-spin text-2xl text-himal-600" />
      <span>{label}</span>
    </div>
  )
}

export function EmptyCard({ icon, title, children }: { icon?: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="card mx-auto max-w-lg p-10 text-center">
      {icon && <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-himal-50 text-3xl text-himal-700">{icon}</span>}
      <p className="mt-4 text-lg font-semibold text-slate-900">{title}</p>
      {children && <div className="mt-2 text-sm text-slate-600">{children}</div>}
    </div>
  )
}
