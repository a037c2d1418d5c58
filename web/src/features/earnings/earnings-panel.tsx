import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { WalletIcon } from '../../components/icons'
import { ErrorCard, LoadingCard } from '../../components/status-card'
import { useT } from '../../i18n/messages'
import { BOOKINGS_TAG, EARNINGS_TAG } from '../../lib/cache-tags'
import { formatDollars } from '../../lib/money'
import { useCachedQuery } from '../../lib/use-cached-query'
import { EARNINGS_LOAD_FAILED, getEarnings, getPayoutDetails, type LedgerEntry } from './api/earnings'
import { describeEntry, holdText, payoutHistory, tripEntries } from './earnings-view'
import { accountSummary } from './payout-details'
import { localDateFormat } from '../../lib/intl-formats'

export const EARNINGS_KEY = 'guide:earnings'
export const PAYOUT_DETAILS_KEY = 'guide:payout-details'
const TAGS = [BOOKINGS_TAG, EARNINGS_TAG]

// English keeps its day-first date; other languages write their own.
const shortDate = (iso: string) => localDateFormat({ day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso))

// Shown on the guide's trips dashboard (features/bookings): `exposed` in eslint.config.js.

/** The guide's balances: ready to be paid out, still held, paid out, and where payouts go. */
export function EarningsBalances() {
  const query = useCachedQuery({ key: EARNINGS_KEY, tags: TAGS, load: getEarnings })
  const details = useCachedQuery({ key: PAYOUT_DETAILS_KEY, tags: [EARNINGS_TAG], load: getPayoutDetails })
  const t = useT()
  const earnings = query.data
  if (!earnings && query.status === 'loading') return <LoadingCard label={t('earnings.loading')} />
  if (!earnings) return <ErrorCard message={t(query.error ?? EARNINGS_LOAD_FAILED)} onRetry={query.reload} />
  return (
    <>
      <dl className="space-y-4" aria-label={t('earnings.yourBalance')}>
        <div>
          <dt className="text-sm text-slate-500">{t('earnings.available')}</dt>
          <dd className="font-display text-3xl font-bold text-himal-900">{formatDollars(earnings.available)}</dd>
        </div>
        <div className="flex justify-between gap-3 border-t border-slate-100 pt-3 text-sm">
          <dt className="text-slate-600">{t('earnings.pending')}</dt>
          <dd className="font-semibold text-slate-900">{formatDollars(earnings.pending)}</dd>
        </div>
        <div className="flex justify-between gap-3 border-t border-slate-100 pt-3 text-sm">
          <dt className="text-slate-600">{t('earnings.paidOut')}</dt>
          <dd className="font-semibold text-slate-900">{formatDollars(earnings.paidOut)}</dd>
        </div>
      </dl>
      <p className="mt-4 text-xs text-slate-500">{t('earnings.commissionNote', { percent: earnings.commissionPercent, hold: holdText(earnings.holdDays) })}</p>
      <p className="mt-3 rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-700">
        {details.data ? (
          <>
            {t('earnings.payoutsGoTo', { account: accountSummary(details.data) })}{' '}
            <Link to="/guide/profile#payout-details" className="text-link">
              {t('earnings.change')}
            </Link>
          </>
        ) : details.status === 'loading' ? (
          t('earnings.loadingPayoutDetails')
        ) : (
          <>
            {t('earnings.tellUsWhere')}{' '}
            <Link to="/guide/profile#payout-details" className="text-link">
              {t('earnings.addPayoutDetails')}
            </Link>
          </>
        )}
      </p>
    </>
  )
}

/** Every trip payment, refund and payout, newest first. */
export function EarningsHistory() {
  const query = useCachedQuery({ key: EARNINGS_KEY, tags: TAGS, load: getEarnings })
  const t = useT()
  const entries = query.data?.entries
  if (!entries) return null
  const payouts = payoutHistory(entries)
  const trips = tripEntries(entries)
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <History title={t('earnings.payoutHistory')} empty={t('earnings.noPayouts')} entries={payouts} />
      <History title={t('earnings.tripEarnings')} empty={t('earnings.noEarnings')} entries={trips} />
    </div>
  )
}

function History({ title, empty, entries }: { title: string; empty: string; entries: LedgerEntry[] }) {
  return (
    <section className="card p-5 sm:p-6" aria-label={title}>
      <h2 className="mb-4 text-lg font-semibold text-slate-900">{title}</h2>
      {entries.length === 0 ? (
        <Quiet>{empty}</Quiet>
      ) : (
        <ul className="divide-y divide-slate-100">
          {entries.map((entry) => {
            const { title: what, detail } = describeEntry(entry)
            return (
              <li key={entry._id} className="flex items-start justify-between gap-3 py-3 first:pt-0 last:pb-0">
                <div className="min-w-0">
                  <p className="font-semibold break-words text-slate-900">{what}</p>
                  <p className="text-sm break-words text-slate-600">
                    {shortDate(entry.createdAt)}
                    {detail && <> · {detail}</>}
                  </p>
                </div>
                <p className={`shrink-0 font-semibold tabular-nums ${entry.amount < 0 ? 'text-slate-700' : 'text-emerald-700'}`}>
                  {entry.amount > 0 ? '+' : ''}
                  {formatDollars(entry.amount)}
                </p>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

function Quiet({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-center gap-3 rounded-xl bg-slate-50 px-4 py-5 text-sm text-slate-600">
      <WalletIcon className="shrink-0 text-xl text-slate-400" />
      {children}
    </p>
  )
}
