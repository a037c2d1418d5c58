import { useMemo, useState, type FormEvent } from 'react'
import { FormAlert } from '../../components/form-alert'
import { SpinnerIcon } from '../../components/icons'
import { ErrorCard, LoadingCard } from '../../components/status-card'
import { Toast, useToast } from '../../components/toast'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { CURRENCIES_TAG } from '../../lib/cache-tags'
import { useCurrencyRates, type CurrencyRate } from '../../lib/currencies'
import { formatApproximate, formatDollars, isDisplayCurrency } from '../../lib/money'
import { updateCurrencyRates } from './api/update-currency-rates'
import { draftsFrom, RATE_MAX, RATE_MIN, rateChanges, type RateDrafts } from './currency-rates'
import { MODERATION_TAG } from './moderation-admin'
import { useT } from '../../i18n/messages'
import { useIntlLocale } from '../../i18n/language'
import { formatMoment } from '../../lib/booking'

/** The display rates, per US dollar: what travellers who chose another currency see prices at. */
export function CurrenciesAdmin() {
  const rates = useCurrencyRates()
  // Here, not in the form: the form starts again when the saved rates come back, the toast stays.
  const { toast, show } = useToast()
  const t = useT()
  let body
  if (rates.status === 'loading')
    body = (
      <div className="card">
        <LoadingCard label={t('admin.loadingRates')} />
      </div>
    )
  else if (!rates.data) body = <ErrorCard message={rates.error ?? ''} onRetry={rates.reload} />
  // Keyed by the stored rates: after a save (here or by another admin) the fields start again from them.
  else body = <RatesForm key={rates.data.map((r) => `${r.code}=${r.perUsd}`).join()} stored={rates.data} onSaved={show} />
  return (
    <>
      <Toast toast={toast} />
      {body}
    </>
  )
}

function RatesForm({ stored, onSaved }: { stored: CurrencyRate[]; onSaved: (message: string) => void }) {
  const cache = useClientCache()
  const [drafts, setDrafts] = useState<RateDrafts>(() => draftsFrom(stored))
  const [error, setError] = useState<{ text: string; code?: string } | null>(null)
  const [saving, setSaving] = useState(false)
  const t = useT()
  const locale = useIntlLocale()
  const names = useMemo(() => new Intl.DisplayNames([locale], { type: 'currency' }), [locale])

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const checked = rateChanges(drafts, stored)
    if ('error' in checked) {
      setError({ text: checked.error, code: checked.code })
      document.getElementById(`rate-${checked.code}`)?.focus()
      return
    }
    const count = Object.keys(checked.changes).length
    if (count === 0) {
      setError({ text: t('admin.noRateChanged') })
      return
    }
    setError(null)
    setSaving(true)
    const result = await updateCurrencyRates(checked.changes)
    setSaving(false)
    if (!result.ok) {
      setError({ text: result.message })
      return
    }
    onSaved(t('admin.ratesSaved', { count }))
    // Every converted price, and the audit log, read the new rates.
    invalidate(cache, CURRENCIES_TAG, MODERATION_TAG)
  }

  return (
    <>
      <form className="card p-5 sm:p-6" onSubmit={save} noValidate aria-label={t('admin.displayRates')}>
        <p className="text-sm text-slate-600">{t('admin.ratesIntro')}</p>
        <table className="mt-5 w-full text-sm">
          <caption className="sr-only">{t('admin.unitsPerDollar')}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs tracking-wide text-slate-500 uppercase">
              <th scope="col" className="pb-2 font-semibold">
                {t('admin.currency')}
              </th>
              <th scope="col" className="pb-2 font-semibold">
                {t('admin.perUsDollar')}
              </th>
              <th scope="col" className="hidden pb-2 font-semibold sm:table-cell">
                {t('admin.lastChanged')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {stored
              .filter((rate) => rate.code !== 'USD')
              .map((rate) => {
                const draft = drafts[rate.code] ?? ''
                const invalid = error?.code === rate.code
                const example = Number(draft) > 0 && isDisplayCurrency(rate.code) ? formatApproximate(50, rate.code, Number(draft)) : null
                return (
                  <tr key={rate.code} className="align-top">
                    <th scope="row" className="py-3 pr-3 text-left font-normal">
                      <label htmlFor={`rate-${rate.code}`} className="block font-semibold text-slate-900">
                        {rate.code}
                      </label>
                      <span className="text-slate-500">{names.of(rate.code)}</span>
                    </th>
                    <td className="py-3 pr-3">
                      {rate.fixed ? (
                        <>
                          <span className="block font-semibold text-slate-900 tabular-nums">{rate.perUsd}</span>
                          <span className="mt-1 block max-w-64 text-xs text-slate-500">{t('admin.rateFixedByServer')}</span>
                        </>
                      ) : (
                        <>
                          <input
                            id={`rate-${rate.code}`}
                            className="field-input max-w-40 tabular-nums"
                            type="number"
                            inputMode="decimal"
                            step="any"
                            min={RATE_MIN}
                            max={RATE_MAX}
                            value={draft}
                            aria-invalid={invalid}
                            aria-describedby={`rate-${rate.code}-example`}
                            onChange={(e) => {
                              setDrafts((d) => ({ ...d, [rate.code]: e.target.value }))
                              if (error) setError(null)
                            }}
                          />
                          <span id={`rate-${rate.code}-example`} className="mt-1 block text-xs text-slate-500">
                            {example ? t('admin.showsAs', { dollars: formatDollars(50), example }) : '\u00a0'}
                          </span>
                        </>
                      )}
                    </td>
                    <td className="hidden py-3 text-slate-600 sm:table-cell">{formatMoment(rate.updatedAt)}</td>
                  </tr>
                )
              })}
          </tbody>
        </table>
        {error && (
          <div className="mt-4">
            <FormAlert tone="error">{error.text}</FormAlert>
          </div>
        )}
        <div className="mt-5 flex justify-end">
          <button type="submit" className="btn-primary" disabled={saving} aria-busy={saving}>
            {saving && <SpinnerIcon />} {t('admin.saveRates')}
          </button>
        </div>
      </form>
    </>
  )
}
