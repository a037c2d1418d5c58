import { useIntlLocale } from '../../i18n/language'
import { useT } from '../../i18n/messages'
import { chooseCurrency, useChosenCurrency } from '../../lib/currency-choice'
import { DISPLAY_CURRENCIES, isDisplayCurrency } from '../../lib/money'
import { NavSelect } from './nav-select'

type CurrencySwitcherProps = {
  /** `compact`: codes only, for the desktop bar; `full`: codes and names, in the phone menu. */
  variant: 'compact' | 'full'
}

/** Which currency prices are shown in; remembered in this browser. */
export function CurrencySwitcher({ variant }: CurrencySwitcherProps) {
  const chosen = useChosenCurrency()
  const t = useT()
  const locale = useIntlLocale()
  const names = new Intl.DisplayNames([locale], { type: 'currency' })
  return (
    <NavSelect
      variant={variant}
      label={t('app.showPricesIn')}
      value={chosen}
      options={DISPLAY_CURRENCIES.map((code) => ({ value: code, label: variant === 'full' ? `${code} · ${names.of(code)}` : code }))}
      onChange={(value) => {
        if (isDisplayCurrency(value)) chooseCurrency(value)
      }}
    />
  )
}
