/**
 * The language the client speaks, chosen in the navigation bar and remembered per browser
 * (signing out keeps it, like the display currency). Nepali shows Devanagari digits unless
 * the reader asks for Latin ones, which is a choice of its own in the switcher.
 */
import { useSyncExternalStore } from 'react'
import { ensureNepaliFonts } from '../lib/nepali-fonts'
import { ensureNepaliIntl } from '../lib/nepali-intl'
import { LANGUAGE_COOKIE, setServerHint } from '../lib/server-hints'

export const LANGUAGE_CHOICES = ['en', 'ne', 'ne-latn'] as const
export type LanguageChoice = (typeof LANGUAGE_CHOICES)[number]
/** The language of the words; digits aside, `ne-latn` is Nepali. */
export type Language = 'en' | 'ne'

export const LANGUAGE_STORAGE_KEY = 'yatra.language'

export function isLanguageChoice(value: unknown): value is LanguageChoice {
  return typeof value === 'string' && (LANGUAGE_CHOICES as readonly string[]).includes(value)
}

const listeners = new Set<() => void>()
// Where storage refuses to keep the choice (private mode, full), it lasts for this page.
let unsaved: LanguageChoice | null = null

/** The stored choice; a first visit follows the browser's language when it is Nepali. */
export function readLanguageChoice(): LanguageChoice {
  if (unsaved) return unsaved
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY)
    if (isLanguageChoice(stored)) return stored
  } catch {
    // Storage unavailable: fall through to the browser's preference.
  }
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language])
  return preferred.some((tag) => /^ne\b/i.test(tag)) ? 'ne' : 'en'
}

export function languageOf(choice: LanguageChoice): Language {
  return choice === 'en' ? 'en' : 'ne'
}

/** The BCP 47 tag `Intl` formats numbers, money and dates with. */
export function intlLocaleOf(choice: LanguageChoice): string {
  if (choice === 'ne') return 'ne-NP'
  if (choice === 'ne-latn') return 'ne-NP-u-nu-latn'
  return 'en-US'
}

export function currentLanguage(): Language {
  return languageOf(readLanguageChoice())
}

export function currentIntlLocale(): string {
  return intlLocaleOf(readLanguageChoice())
}

/** Remembers the choice and tells every subscriber; the catalogue must already be loaded (see `chooseLanguage` in messages.ts). */
export function storeLanguageChoice(choice: LanguageChoice) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, choice)
    unsaved = null
  } catch {
    unsaved = choice
  }
  notifyLanguageChange()
}

/**
 * What drawing in `choice` needs besides its texts: Nepali date and number formats where the
 * browser lacks them (nepali-intl.ts) and the Devanagari faces (nepali-fonts.ts).
 */
export function readyToDraw(choice: LanguageChoice): Promise<unknown> {
  return Promise.all([ensureNepaliIntl(choice), ensureNepaliFonts(choice)])
}

export function notifyLanguageChange() {
  if (typeof document !== 'undefined') document.documentElement.lang = currentLanguage()
  setServerHint(LANGUAGE_COOKIE, readLanguageChoice())
  for (const listener of [...listeners]) listener()
}

export function subscribeToLanguage(onChange: () => void): () => void {
  listeners.add(onChange)
  // A choice made in another tab applies here too, with Nepali formats where the browser lacks them
  // and the Devanagari faces loaded.
  const onStorage = (event: StorageEvent) => {
    if (event.key === LANGUAGE_STORAGE_KEY || event.key === null) void readyToDraw(readLanguageChoice()).then(onChange)
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(onChange)
    window.removeEventListener('storage', onStorage)
  }
}

export function useLanguageChoice(): LanguageChoice {
  return useSyncExternalStore(subscribeToLanguage, readLanguageChoice, readLanguageChoice)
}

/** The `Intl` locale for formatting in components; re-renders when the reader switches. */
export function useIntlLocale(): string {
  return intlLocaleOf(useLanguageChoice())
}
