/**
 * The Devanagari faces (main.tsx) loaded before Nepali text is drawn. Chromium on a device
 * without a Devanagari font draws text laid out while its face is still downloading as empty
 * boxes, and keeps those boxes after the face arrives: on /destination in Nepali the trek
 * duration and the planner's labels stayed boxes until something made the page lay out again.
 * So the app draws Nepali once the faces are in, and then lays out again what was there before
 * (the server's first paint).
 */
import type { LanguageChoice } from '../i18n/language'

/** The weights the app writes with, one face each (main.tsx). */
const WEIGHTS = [400, 500, 600, 700]
/** As long as `font-display: block` would hide text: a slow network draws with what it has then. */
const WAIT_MS = 3000

/**
 * Lays out all text again with the faces now loaded. A letter spacing too small to show makes
 * Chromium shape every text anew (a change of font); set back, the new shapes stay.
 */
function layOutAgain() {
  const root = document.documentElement
  const spacing = root.style.letterSpacing
  root.style.letterSpacing = '0.001px'
  void root.offsetWidth
  root.style.letterSpacing = spacing
}

/**
 * Resolves once the Devanagari faces are loaded (or failed, or WAIT_MS passed); at once for
 * English readers. Faces that come later still have the page laid out again.
 */
export function ensureNepaliFonts(choice: LanguageChoice): Promise<void> {
  if (choice === 'en' || typeof document === 'undefined' || !document.fonts) return Promise.resolve()
  const loads = WEIGHTS.map((weight) => document.fonts.load(`${weight} 1em "Noto Sans Devanagari"`, 'नेपाली').catch(() => []))
  const loaded = Promise.all(loads).then(layOutAgain)
  return Promise.race([loaded, new Promise<void>((resolve) => setTimeout(resolve, WAIT_MS))])
}

/**
 * Lays the page out again whenever a face finishes loading, for Devanagari on any page: an
 * English reader's page fetches a face only when Nepali text appears (a Nepali bio, a post's
 * "Title in Nepali" being typed), and that text too was laid out before its face came.
 */
export function layOutAgainWhenFacesArrive() {
  if (typeof document === 'undefined' || !document.fonts?.addEventListener) return
  document.fonts.addEventListener('loadingdone', layOutAgain)
}
