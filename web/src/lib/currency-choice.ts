import { useSyncExternalStore } from 'react'
import { KEPT_ON_SIGN_OUT } from './auth-store'
import { isDisplayCurrency, type DisplayCurrency } from './money'

// The traveller's choice of currency, apart from the rates (currencies.ts): the switcher in
// the navigation bar is on every page, the rates only where prices are.

/** Where the traveller's choice is remembered: per browser, signed in or not (signing out keeps it). */
export const CURRENCY_STORAGE_KEY = KEPT_ON_SIGN_OUT[0]

const listeners = new Set<() => void>()
// Where storage refuses to keep the choice (private mode, full), it lasts for this page.
let unsaved: DisplayCurrency | null = null

function readChoice(): DisplayCurrency {
  if (unsaved) return unsaved
  try {
    const stored = localStorage.getItem(CURRENCY_STORAGE_KEY)
    return isDisplayCurrency(stored) ? stored : 'USD'
  } catch {
    return 'USD'
  }
}

/** Remembers the currency prices are shown in. */
export function chooseCurrency(code: DisplayCurrency) {
  try {
    localStorage.setItem(CURRENCY_STORAGE_KEY, code)
    unsaved = null
  } catch {
    unsaved = code
  }
  for (const listener of [...listeners]) listener()
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange)
  // A choice made in another tab applies here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CURRENCY_STORAGE_KEY || event.key === null) onChange()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(onChange)
    window.removeEventListener('storage', onStorage)
  }
}

/** The currency the traveller sees prices in (USD until they choose). */
export function useChosenCurrency(): DisplayCurrency {
  return useSyncExternalStore(subscribe, readChoice, () => 'USD' as const)
}
