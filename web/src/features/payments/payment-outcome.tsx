import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { HomeIcon, SpinnerIcon } from '../../components/icons'
import { useT } from '../../i18n/messages'

// How the pages a traveller comes back to from paying say where the payment stands.

const TONES = { himal: 'bg-himal-50 text-himal-700', amber: 'bg-marigold-50 text-marigold-700', red: 'bg-red-50 text-red-700', green: 'bg-emerald-100 text-emerald-700' }

/** One state of a payment, as a centred card: an icon in the tone of the news, a title and what to do. */
export function Outcome({ icon, tone, title, busy = false, children }: { icon: ReactNode; tone: keyof typeof TONES; title: string; busy?: boolean; children: ReactNode }) {
  return (
    <section className="card p-6 text-center sm:p-10" role={busy ? 'status' : undefined} aria-busy={busy}>
      <span className={`mx-auto flex h-16 w-16 items-center justify-center rounded-full text-3xl ${TONES[tone]}`}>{icon}</span>
      <h1 className="mt-5 font-display text-2xl font-bold text-himal-900 sm:text-3xl">{title}</h1>
      <div className="mx-auto mt-3 max-w-lg text-slate-600">{children}</div>
    </section>
  )
}

/** To the traveller's trips, or home. */
export function Buttons() {
  const t = useT()
  return (
    <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
      <Link to="/dashboard" className="btn-primary">
        {t('payments.viewMyBookings')}
      </Link>
      <Link to="/" className="btn-secondary">
        <HomeIcon /> {t('payments.backToHome')}
      </Link>
    </div>
  )
}

/** While the provider has not decided: checking again shortly, or now on a press. */
export function StillChecking({ isFetching, onCheck }: { isFetching: boolean; onCheck: () => void }) {
  const t = useT()
  return (
    <>
      <p className="mt-3 inline-flex items-center gap-2 text-sm text-slate-500" role="status">
        {isFetching && <SpinnerIcon />} {isFetching ? t('payments.checking') : t('payments.checkingShortly')}
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <button type="button" className="btn-primary" onClick={onCheck} disabled={isFetching}>
          {t('payments.checkNow')}
        </button>
        <Link to="/dashboard" className="btn-secondary">
          {t('payments.viewMyBookings')}
        </Link>
      </div>
    </>
  )
}
