import { Link } from 'react-router'
import { ShieldIcon } from '../components/icons'

export function ForbiddenPage() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <span className="flex h-16 w-16 items-center justify-center rounded-2xl bg-red-50 text-3xl text-red-700">
        <ShieldIcon />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-widest text-marigold-700 uppercase">403</p>
      <h1 className="mt-2 font-display text-3xl font-bold tracking-tight text-himal-900 sm:text-4xl">You don't have access to this page</h1>
      <p className="mt-3 text-slate-600">This page is only for Yatra administrators.</p>
      <div className="mt-8">
        <Link to="/" className="btn-primary">
          Back to Home
        </Link>
      </div>
    </div>
  )
}
