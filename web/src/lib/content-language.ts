/**
 * Content in the reader's language (issue 26). The API sends each text with its Nepali
 * beside it (`name` and `nameNe`, `highlights` and `highlightsNe`, a permit's `note` and
 * `noteNe`, a post's `title` and `titleNe`, a guide's `bio` and `bioNe`); a reader of Nepali
 * gets the Nepali where there is some, and the English otherwise. Picking here rather than
 * on the server keeps one API answer per page for every language (cached, and drawn once
 * on the server), and a switch of language shows at once, without asking again.
 */
import { languageOf, useLanguageChoice, type Language } from '../i18n/language'
import type { components } from './api-schema'

type Destination = components['schemas']['Destination']
type Blog = components['schemas']['Blog']

/** The reader's language for content; re-renders when they switch. */
export function useContentLanguage(): Language {
  return languageOf(useLanguageChoice())
}

/** The Nepali text for a reader of Nepali where there is one, else the English. */
export function inLanguage(language: Language, english: string, nepali: string | null | undefined): string {
  return language === 'ne' && nepali?.trim() ? nepali : english
}

/**
 * The destination as the reader reads it: its texts, permit notes and own highlights in
 * their language. `highlights` is empty where the destination has none in either language;
 * the page then shows the spec's four.
 */
export function destinationInLanguage<D extends Destination>(destination: D, language: Language): D {
  if (language === 'en') return destination
  return {
    ...destination,
    name: inLanguage(language, destination.name, destination.nameNe),
    location: inLanguage(language, destination.location, destination.locationNe),
    description: inLanguage(language, destination.description, destination.descriptionNe),
    highlights: destination.highlightsNe.length > 0 ? destination.highlightsNe : destination.highlights,
    permits: destination.permits.map((permit) => ({ ...permit, note: inLanguage(language, permit.note, permit.noteNe) })),
  }
}

/** The post's title and body in the reader's language. */
export function blogInLanguage<B extends Pick<Blog, 'title' | 'description' | 'titleNe' | 'descriptionNe'>>(blog: B, language: Language): B {
  if (language === 'en') return blog
  return { ...blog, title: inLanguage(language, blog.title, blog.titleNe), description: inLanguage(language, blog.description, blog.descriptionNe) }
}
