import { useId } from 'react'
import { formatLocalNumber } from '../../lib/intl-formats'
import { PlusIcon, TrashIcon } from '../../components/icons'
import { useT } from '../../i18n/messages'
import { newTier, tierProblem, tierProblemText, wholeNumber, type TierDraft, type TourDraft } from './tour-draft'

type PricingEditorProps = {
  draft: Pick<TourDraft, 'onePrice' | 'price' | 'tiers' | 'maxGroupSize'>
  error: string | undefined
  disabled: boolean
  onChange: (change: Partial<Pick<TourDraft, 'onePrice' | 'price' | 'tiers'>>) => void
}

/** The price per person: one for everyone (the simple default), or by group size in tiers that cover 1 to the largest group. */
export function PricingEditor({ draft, error, disabled, onChange }: PricingEditorProps) {
  const t = useT()
  const id = useId()
  const group = wholeNumber(draft.maxGroupSize)
  // Checked as the guide types, so a gap shows before saving.
  // Sizes that do not add up show at once; a row still being filled in only when saving.
  const problem = !draft.onePrice && group !== null && group >= 1 && draft.tiers.length > 0 ? tierProblem(draft.tiers, group) : null
  const live = problem && problem.kind !== 'incomplete' && problem.kind !== 'price' ? problem : null
  const message = error ?? (live ? tierProblemText(live) : undefined)

  const setTier = (key: string, change: Partial<TierDraft>) => onChange({ tiers: draft.tiers.map((tier) => (tier.key === key ? { ...tier, ...change } : tier)) })
  function addTier() {
    const lastMax = wholeNumber(draft.tiers.at(-1)?.maxPeople ?? '0') ?? 0
    const tier = newTier(String(lastMax + 1), group !== null && group > lastMax ? String(group) : '')
    onChange({ tiers: [...draft.tiers, tier] })
    requestAnimationFrame(() => document.getElementById(`${id}-${tier.key}-min`)?.focus())
  }
  function chooseTiers() {
    // Start the tiers from the one price, so nothing typed is lost.
    const tiers = draft.tiers.length > 0 ? draft.tiers : [newTier('1', draft.maxGroupSize)]
    onChange({ onePrice: false, tiers: tiers.length === 1 && tiers[0].pricePerPersonUsd === '' ? [{ ...tiers[0], pricePerPersonUsd: draft.price }] : tiers })
  }

  return (
    <fieldset className="space-y-3" aria-describedby={message ? `${id}-error` : undefined}>
      <legend className="field-label">{t('guideTours.pricing')}</legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="radio" name={`${id}-mode`} checked={draft.onePrice} onChange={() => onChange({ onePrice: true })} disabled={disabled} className="size-4 accent-himal-700" />
          {t('guideTours.onePrice')}
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="radio" name={`${id}-mode`} checked={!draft.onePrice} onChange={chooseTiers} disabled={disabled} className="size-4 accent-himal-700" />
          {t('guideTours.pricesByGroup')}
        </label>
      </div>

      {draft.onePrice ? (
        <div className="max-w-xs">
          <label htmlFor={`${id}-price`} className="field-label">
            {t('guideTours.pricePerPerson')} <span className="text-red-600">*</span>
          </label>
          <input
            id={`${id}-price`}
            value={draft.price}
            onChange={(e) => onChange({ price: e.target.value })}
            disabled={disabled}
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${id}-error` : undefined}
            className="field-input"
          />
        </div>
      ) : (
        <div className="space-y-2">
          <p className="text-xs text-slate-500">{t('guideTours.tiersHint')}</p>
          <ul className="space-y-2">
            {draft.tiers.map((tier, i) => (
              <li key={tier.key} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.4fr)_auto] items-end gap-2">
                <div>
                  <label htmlFor={`${id}-${tier.key}-min`} className="field-label text-xs">
                    {t('guideTours.tierFrom')}
                  </label>
                  <input
                    id={`${id}-${tier.key}-min`}
                    value={tier.minPeople}
                    onChange={(e) => setTier(tier.key, { minPeople: e.target.value })}
                    disabled={disabled}
                    inputMode="numeric"
                    className="field-input"
                  />
                </div>
                <div>
                  <label htmlFor={`${id}-${tier.key}-max`} className="field-label text-xs">
                    {t('guideTours.tierTo')}
                  </label>
                  <input
                    id={`${id}-${tier.key}-max`}
                    value={tier.maxPeople}
                    onChange={(e) => setTier(tier.key, { maxPeople: e.target.value })}
                    disabled={disabled}
                    inputMode="numeric"
                    className="field-input"
                  />
                </div>
                <div>
                  <label htmlFor={`${id}-${tier.key}-price`} className="field-label text-xs">
                    {t('guideTours.tierPricePerPerson')}
                  </label>
                  <input
                    id={`${id}-${tier.key}-price`}
                    value={tier.pricePerPersonUsd}
                    onChange={(e) => setTier(tier.key, { pricePerPersonUsd: e.target.value })}
                    disabled={disabled}
                    inputMode="decimal"
                    className="field-input"
                  />
                </div>
                <button
                  type="button"
                  className="mb-0.5 flex size-10 items-center justify-center rounded-lg text-red-700 hover:bg-red-50 disabled:opacity-40"
                  onClick={() => onChange({ tiers: draft.tiers.filter((other) => other.key !== tier.key) })}
                  disabled={disabled || draft.tiers.length === 1}
                  aria-label={t('guideTours.removeTier', { row: formatLocalNumber(i + 1) })}
                >
                  <TrashIcon />
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="btn-ghost px-3" onClick={addTier} disabled={disabled}>
            <PlusIcon /> {t('guideTours.addTier')}
          </button>
        </div>
      )}
      <p id={`${id}-error`} role="status" className="text-sm font-medium text-red-700">
        {message}
      </p>
    </fieldset>
  )
}
