import { Link, useLocation } from 'react-router'
import { CompassIcon } from '../components/shell-icons'
import { useT } from '../i18n/messages'

export function NotFoundPage() {
  const { pathname } = useLocation()
  const t = useT()
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <span className="flex h-16 w-16 items-center justify-center rounded-2xl bg-himal-50 text-3xl text-himal-700">
        <CompassIcon />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-widest text-marigold-700 uppercase">404</p>
      <h1 className="mt-2 font-display text-3xl font-bold tracking-tight text-himal-900 sm:text-4xl">{t('app.notFoundTitle')}</h1>
      <p className="mt-3 text-slate-600">
        {t.rich('app.notFoundBody', { path: <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm break-all text-slate-800">{pathname}</code> })}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          {t('app.backHome')}
        </Link>
        <Link to="/guides" className="btn-secondary">
          {t('app.browseGuides')}
        </Link>
      </div>
    </div>
  )
}
