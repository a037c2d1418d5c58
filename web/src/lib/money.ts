const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** Dollars as the client shows every amount: with a sign and 2 decimals, e.g. `$1,200.00`. */
export function formatDollars(amount: number): string {
  return dollars.format(amount)
}
