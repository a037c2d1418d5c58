import { lazy, Suspense } from 'react'
import { Link, isRouteErrorResponse, useRouteError } from 'react-router'
import { useT } from '../i18n/messages'

// Rarely shown: its code stays out of the app's first download.
const NotFoundPage = lazy(() => import('./not-found-page').then((m) => ({ default: m.NotFoundPage })))

/** Shown when a page throws while rendering, so a crash never leaves a blank screen. */
export function RouteErrorPage() {
  const error = useRouteError()
  const t = useT()
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={null}>
        <NotFoundPage />
      </Suspense>
    )
  }
  console.error(error)
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="font-display text-3xl font-bold text-himal-900">{t('app.errorTitle')}</h1>
      <p className="mt-3 text-slate-600">{t('app.errorBody')}</p>
      <div className="mt-8 flex justify-center gap-3">
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          {t('app.tryAgain')}
        </button>
        <Link to="/" className="btn-secondary">
          {t('app.backHome')}
        </Link>
      </div>
    </div>
  )
}
