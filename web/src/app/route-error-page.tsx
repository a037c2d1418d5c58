import { Link, isRouteErrorResponse, useRouteError } from 'react-router'
import { NotFoundPage } from './not-found-page'

/** Shown when a page throws while rendering, so a crash never leaves a blank screen. */
export function RouteErrorPage() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />
  console.error(error)
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="font-display text-3xl font-bold text-himal-900">Something went wrong</h1>
      <p className="mt-3 text-slate-600">Please try again. If it keeps happening, go back to the home page.</p>
      <div className="mt-8 flex justify-center gap-3">
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>Try Again</button>
        <Link to="/" className="btn-secondary">Back to Home</Link>
      </div>
    </div>
  )
}
