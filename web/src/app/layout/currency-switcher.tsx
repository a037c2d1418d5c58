import { useIntlLocale } from '../../i18n/language'
import { useT } from '../../i18n/messages'
import { chooseCurrency, useChosenCurrency } from '../../lib/currency-choice'
import { DISPLAY_CURRENCIES, isDisplayCurrency } from '../../lib/money'
import { NavSelect } from './nav-select'

type CurrencySwitcherProps = {
  /** `compact`: codes only, for the desktop bar; `full`: codes and names, in the phone menu. */
  variant: 'compact' | 'full'
}

// One per locale: making an Intl.DisplayNames loads its data, too slow to repeat on every render.
const namesByLocale = new Map<string, Intl.DisplayNames>()

function currencyName(locale: string, code: string): string | undefined {
  let names = namesByLocale.get(locale)
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'currency' })
    namesByLocale.set(locale, names)
  }
  return names.of(code)
}

/** Which currency prices are shown in; remembered in this browser. */
export function CurrencySwitcher({ variant }: CurrencySwitcherProps) {
  const chosen = useChosenCurrency()
  const t = useT()
  const locale = useIntlLocale()
  return (
    <NavSelect
      variant={variant}
      label={t('app.showPricesIn')}
      value={chosen}
      options={DISPLAY_CURRENCIES.map((code) => ({ value: code, label: variant === 'full' ? `${code} · ${currencyName(locale, code)}` : code }))}
      onChange={(value) => {
        if (isDisplayCurrency(value)) chooseCurrency(value)
      }}
    />
  )
}
