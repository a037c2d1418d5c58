/**
 * Every text the client shows, by id, in English and Nepali. The catalogues are JSON files
 * per namespace under `locales/<language>/<namespace>.json` (a feature owns its file), whose
 * keys become ids `<namespace>.<key>`. Texts are ICU MessageFormat: `{name}`, plurals
 * `{count, plural, one {# day} other {# days}}`, numbers `{amount, number}`.
 *
 * The app shell's namespaces (`SHELL_NAMESPACES`) come with the first page; a feature's
 * namespace is fetched beside its route's chunk (`loadTexts`, called by the router), so the
 * initial JavaScript does not grow with every page's words. The build turns each text into
 * its parsed form (vite.config.ts), so no MessageFormat parser ships to browsers.
 */
import { IntlMessageFormat, type FormatXMLElementFn, type PrimitiveType } from 'intl-messageformat'
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { createElement, Fragment, useMemo, useSyncExternalStore, type ReactNode } from 'react'
import {
  currentIntlLocale,
  currentLanguage,
  intlLocaleOf,
  languageOf,
  notifyLanguageChange,
  readLanguageChoice,
  readyToDraw,
  storeLanguageChoice,
  subscribeToLanguage,
  type Language,
  type LanguageChoice,
} from './language'
import { intlGeneration } from '../lib/nepali-intl'

/** A text as written, or (in a build) already parsed. */
type Text = string | MessageFormatElement[]
type Texts = Record<string, Text>

/** Namespaces every page shows (layout, shared components, the emergency panel). */
export const SHELL_NAMESPACES = ['app', 'common', 'language', 'sos'] as const

function namespaceOf(path: string): string {
  return path.replace(/^.*\//, '').replace(/\.json$/, '')
}

function textsOf(module: unknown): Texts {
  return ((module as { default?: unknown }).default ?? module) as Texts
}

/** `{"locales/en/guides.json": {"title": …}}` → `{"guides.title": …}`; for the catalogue check. */
export function flattenCatalogues(files: Record<string, unknown>): Record<string, Text> {
  const flat: Record<string, Text> = {}
  for (const [path, module] of Object.entries(files)) {
    for (const [key, text] of Object.entries(textsOf(module))) flat[`${namespaceOf(path)}.${key}`] = text
  }
  return flat
}

// The braces repeat SHELL_NAMESPACES: import.meta.glob takes literals only.
const shellEnglish = import.meta.glob('./locales/en/{app,common,language,sos}.json', { eager: true })
const fetchers: Record<Language, Record<string, () => Promise<unknown>>> = {
  en: Object.fromEntries(
    Object.entries(import.meta.glob(['./locales/en/*.json', '!./locales/en/{app,common,language,sos}.json'])).map(([path, load]) => [namespaceOf(path), load]),
  ),
  ne: Object.fromEntries(Object.entries(import.meta.glob('./locales/ne/*.json')).map(([path, load]) => [namespaceOf(path), load])),
}

const loaded: Record<Language, Map<string, Texts>> = {
  en: new Map(Object.entries(shellEnglish).map(([path, module]) => [namespaceOf(path), textsOf(module)])),
  ne: new Map(),
}
const loading = new Map<string, Promise<void>>()
// Bumped when texts arrive, so components that showed nothing yet re-render.
let arrivals = 0

function loadNamespace(language: Language, namespace: string): Promise<void> {
  if (loaded[language].has(namespace)) return Promise.resolve()
  const key = `${language}/${namespace}`
  let pending = loading.get(key)
  if (!pending) {
    const fetchTexts = fetchers[language][namespace]
    pending = fetchTexts
      ? fetchTexts()
          .then((module) => {
            loaded[language].set(namespace, textsOf(module))
            arrivals += 1
            notifyLanguageChange()
          })
          .catch((err: unknown) => console.error(`Failed to load the ${language} texts of ${namespace}`, err))
          .finally(() => loading.delete(key))
      : Promise.resolve()
    loading.set(key, pending)
  }
  return pending
}

/** Fetches namespaces in English and in the reader's language; resolves when they are there (or failed). */
export function loadTexts(namespaces: readonly string[], language: Language = currentLanguage()): Promise<void> {
  const languages: Language[] = language === 'en' ? ['en'] : ['en', language]
  return Promise.all(languages.flatMap((lang) => namespaces.map((ns) => loadNamespace(lang, ns)))).then(() => undefined)
}

/** Every namespace loaded so far, now in `language` too: what a page already on show needs to switch. */
export function loadTextsInUse(language: Language = currentLanguage()): Promise<void> {
  return loadTexts([...loaded.en.keys()], language)
}

/** Texts being fetched, which a render made meanwhile shows blank or in English; null when none are. */
export function textsArriving(): Promise<unknown> | null {
  return loading.size > 0 ? Promise.all(loading.values()) : null
}

/**
 * Switches the language once the texts on show are loaded in it, and the browser can write its
 * dates and digits (nepali-intl.ts) and draw its letters (nepali-fonts.ts), so the page never
 * shows blanks, English months or empty boxes.
 */
export async function chooseLanguage(choice: LanguageChoice): Promise<void> {
  await Promise.all([loadTextsInUse(languageOf(choice)), readyToDraw(choice)])
  storeLanguageChoice(choice)
}

/**
 * Marks a text id kept in a constant or passed around before it is shown (`msg('<namespace>.<key>')`),
 * so the catalogue check finds it; show it with `translate` or `t`.
 */
export function msg<const Id extends string>(id: Id): Id {
  return id
}

export type MessageValues = Record<string, PrimitiveType | ReactNode | FormatXMLElementFn<ReactNode>>

const formats = new Map<string, IntlMessageFormat>()

function format(id: string, values: MessageValues | undefined, language: Language, locale: string) {
  const dot = id.indexOf('.')
  // Not an id (a text saved before it had one): show it as it is.
  if (dot < 0) return id
  const namespace = id.slice(0, dot)
  const key = id.slice(dot + 1)
  const text = loaded[language].get(namespace)?.[key] ?? loaded.en.get(namespace)?.[key]
  if (text === undefined) {
    if (!loaded.en.has(namespace) && fetchers.en[namespace]) {
      // A page that forgot to ask for its texts: fetch them and re-render when they arrive.
      void loadTexts([namespace], language)
      return ''
    }
    // An id no catalogue has is a bug the catalogue test catches; show it rather than nothing.
    return id
  }
  if (language !== 'en' && !loaded[language].has(namespace)) void loadNamespace(language, namespace)
  if (typeof text === 'string' && !/[{}<'#]/.test(text)) return text
  // Keyed by the polyfill generation too: a format built with the browser's own Intl keeps it.
  const cacheKey = `${intlGeneration()}\u0000${locale}\u0000${language}\u0000${id}`
  let formatter = formats.get(cacheKey)
  if (!formatter) {
    formatter = new IntlMessageFormat(text, locale)
    formats.set(cacheKey, formatter)
  }
  return formatter.format(values as Record<string, PrimitiveType>)
}

/** A text in the current language, for code outside components (toasts, thrown errors). */
export function translate(id: string, values?: Record<string, PrimitiveType>): string {
  return String(format(id, values, currentLanguage(), currentIntlLocale()))
}

/** A text by id in some language: what `translate` and `useT()` both are. */
export type Translator = (id: string, values?: Record<string, PrimitiveType>) => string

export type Translate = Translator & {
  /** A text with markup: `t.rich('<namespace>.<key>', { link: (chunks) => <a …>{chunks}</a> })`. */
  rich: (id: string, values: MessageValues) => ReactNode
}

function languageSnapshot(): string {
  return `${readLanguageChoice()}#${arrivals}#${intlGeneration()}`
}

/** `const t = useT()`: texts in the reader's language; the component re-renders when they switch. */
export function useT(): Translate {
  const snapshot = useSyncExternalStore(subscribeToLanguage, languageSnapshot, languageSnapshot)
  return useMemo(() => {
    const choice = snapshot.split('#')[0] as LanguageChoice
    const language = languageOf(choice)
    const locale = intlLocaleOf(choice)
    const plain = (id: string, values?: Record<string, PrimitiveType>) => String(format(id, values, language, locale))
    // A text with tags formats to a list of strings and elements: each part keyed by its place
    // (they never move). Not `Children.toArray`: React 19 still warns about the keyless
    // elements it re-keys.
    const rich = (id: string, values: MessageValues) => {
      const out = format(id, values, language, locale) as ReactNode
      return Array.isArray(out) ? out.map((part: ReactNode, index) => createElement(Fragment, { key: index }, part)) : out
    }
    return Object.assign(plain, { rich })
  }, [snapshot])
}
