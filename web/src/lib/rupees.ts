import { translate } from '../i18n/messages'
import { localNumberFormat } from './intl-formats'

/** What a wallet charges for `dollars` at `nprPerUsd`: whole rupees, rounded as the server rounds. */
export function rupeesFor(dollars: number, nprPerUsd: number): number {
  return Math.round((Math.round(dollars * 100) * nprPerUsd) / 100)
}

/** 'NPR 10,680'; a share of a charge in paisa keeps them: 'NPR 4,672.50'. */
export function formatRupees(rupees: number): string {
  const paisa = Number.isInteger(rupees) ? 0 : 2
  return translate('payments.rupees', { amount: localNumberFormat({ minimumFractionDigits: paisa, maximumFractionDigits: paisa }).format(rupees) })
}

/** 'NPR 133.50 per US$1' */
export function formatRate(nprPerUsd: number): string {
  return translate('payments.ratePerDollar', { rate: localNumberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(nprPerUsd) })
}
