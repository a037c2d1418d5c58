import { msg, translate } from '../i18n/messages'

/**
 * The categories travellers filter guides by. Each chip has the value the API takes and the
 * label the page shows.
 */
export type CategoryChip = { value: string; label: string }

/**
 * The seven categories, the same on the landing page and /guides (issue 16), each a rule
 * over guides' interests kept by the server (server/src/guides/categories.rs).
 */
export const GUIDE_CATEGORIES: readonly CategoryChip[] = [
  { value: 'all', label: msg('common.categoryAll') },
  { value: 'trekking', label: msg('common.categoryTrekking') },
  { value: 'cultural', label: msg('common.categoryCultural') },
  { value: 'adventure', label: msg('common.categoryAdventure') },
  { value: 'wildlife', label: msg('common.categoryWildlife') },
  { value: 'food', label: msg('common.categoryFood') },
  { value: 'historical', label: msg('common.categoryHistorical') },
  { value: 'nature', label: msg('common.categoryNature') },
]

const LABELS: Record<string, string> = {
  all: msg('common.categoryAll'),
  trekking: msg('common.categoryTrekking'),
  cultural: msg('common.categoryCultural'),
  adventure: msg('common.categoryAdventure'),
  wildlife: msg('common.categoryWildlife'),
  food: msg('common.categoryFood'),
  historical: msg('common.categoryHistorical'),
  nature: msg('common.categoryNature'),
}

/**
 * The API's value for a category named in a URL or by either page's chips ('Cultural Tours'
 * and 'cultural' are one); anything unknown or missing is `all`.
 */
export function categoryValue(text: string | null | undefined): string {
  const name = (text ?? '').trim().toLowerCase()
  if (name === 'cultural tours' || name === 'culture') return 'cultural'
  if (name === 'history') return 'historical'
  return name in LABELS ? name : 'all'
}

/** How a category is named in a sentence, e.g. 'Cultural Tours'. */
export function categoryLabel(value: string): string {
  return translate(LABELS[categoryValue(value)])
}
