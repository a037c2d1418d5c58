import { useId } from 'react'
import { chooseCurrency, useChosenCurrency } from '../../lib/currencies'
import { DISPLAY_CURRENCIES, isDisplayCurrency } from '../../lib/money'

const names = new Intl.DisplayNames(['en'], { type: 'currency' })

type CurrencySwitcherProps = {
  /** `compact`: codes only, for the desktop bar; `full`: codes and names, in the phone menu. */
  variant: 'compact' | 'full'
}

/** Which currency prices are shown in; remembered in this browser. A native select: keyboard and screen readers for free. */
export function CurrencySwitcher({ variant }: CurrencySwitcherProps) {
  const chosen = useChosenCurrency()
  const id = useId()
  return (
    <div className={variant === 'full' ? 'space-y-1 px-3 py-2' : 'flex items-center'}>
      <label htmlFor={id} className={variant === 'full' ? 'block text-sm font-medium text-slate-600' : 'sr-only'}>
        Show prices in
      </label>
      <select
        id={id}
        value={chosen}
        onChange={(e) => {
          if (isDisplayCurrency(e.target.value)) chooseCurrency(e.target.value)
        }}
        title={variant === 'compact' ? 'Show prices in' : undefined}
        className={`${variant === 'full' ? 'w-full py-2.5 text-base' : 'py-1.5 text-sm'} rounded-lg border border-slate-300 bg-white pr-8 pl-2 font-semibold text-slate-700 hover:border-slate-400 focus:border-himal-600 focus:ring-2 focus:ring-himal-200 focus:outline-none`}
      >
        {DISPLAY_CURRENCIES.map((code) => (
          <option key={code} value={code}>
            {variant === 'full' ? `${code} · ${names.of(code)}` : code}
          </option>
        ))}
      </select>
    </div>
  )
}
