import type { ReactNode } from 'react'
import { useT } from '../i18n/messages'
import { AlertIcon, SpinnerIcon } from './icons'

type ErrorCardProps = {
  message: string
  /** The line under the message; by default a hint to check the connection. */
  detail?: string
  onRetry?: () => void
  /** The card is the whole page (a failed detail page): its message is the page's h1. */
  asPageTitle?: boolean
  /** More ways out beside 'Try Again', such as a link back. */
  children?: ReactNode
}

/** The load-error card: the message and 'Try Again', which reloads the page. */
export function ErrorCard({ message, detail, onRetry, asPageTitle = false, children }: ErrorCardProps) {
  const t = useT()
  const Title = asPageTitle ? 'h1' : 'p'
  return (
    <div role="alert" className="card mx-auto max-w-md p-8 text-center">
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-red-50 text-2xl text-red-700">
        <AlertIcon />
      </span>
      <Title className="mt-4 text-lg font-semibold text-slate-900">{message}</Title>
      <p className="mt-1 text-sm text-slate-500">{detail ?? t('common.checkConnection')}</p>
      <div className="mt-6 flex flex-col items-center justify-center gap-3 sm:flex-row">
        <button type="button" className="btn-primary" onClick={onRetry ?? (() => window.location.reload())}>
          {t('common.tryAgain')}
        </button>
        {children}
      </div>
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
