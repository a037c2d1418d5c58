import { Link } from 'react-router'
import { ShieldIcon } from '../components/shell-icons'
import { useT } from '../i18n/messages'

export function ForbiddenPage() {
  const t = useT()
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <span className="flex h-16 w-16 items-center justify-center rounded-2xl bg-red-50 text-3xl text-red-700">
        <ShieldIcon />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-widest text-marigold-700 uppercase">403</p>
      <h1 className="mt-2 font-display text-3xl font-bold tracking-tight text-himal-900 sm:text-4xl">{t('app.forbiddenTitle')}</h1>
      <p className="mt-3 text-slate-600">{t('app.forbiddenBody')}</p>
      <div className="mt-8">
        <Link to="/" className="btn-primary">
          {t('app.backHome')}
        </Link>
      </div>
    </div>
  )
}
