/** What a wallet charges for `dollars` at `nprPerUsd`: whole rupees, rounded as the server rounds. */
export function rupeesFor(dollars: number, nprPerUsd: number): number {
  return Math.round((Math.round(dollars * 100) * nprPerUsd) / 100)
}

/** 'NPR 10,680' */
export function formatRupees(rupees: number): string {
  return `NPR ${rupees.toLocaleString('en-US', { maximumFractionDigits: 0 })}`
}

/** 'NPR 133.50 per US$1' */
export function formatRate(nprPerUsd: number): string {
  return `NPR ${nprPerUsd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 })} per US$1`
}
