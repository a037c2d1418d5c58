/**
 * The categories travellers filter guides by (spec section 9). Each chip has the value the
 * API takes and the label the page shows.
 */
export type CategoryChip = { value: string; label: string }

/** Landing page chips: All, Trekking, Cultural Tours, Adventure, Wildlife. */
export const LANDING_CATEGORIES: readonly CategoryChip[] = [
  { value: 'all', label: 'All' },
  { value: 'trekking', label: 'Trekking' },
  { value: 'cultural', label: 'Cultural Tours' },
  { value: 'adventure', label: 'Adventure' },
  { value: 'wildlife', label: 'Wildlife' },
]

/** Guides list chips, named as the spec names them: all, adventure, cultural, food, historical, nature. */
export const GUIDE_LIST_CATEGORIES: readonly CategoryChip[] = ['all', 'adventure', 'cultural', 'food', 'historical', 'nature'].map((value) => ({
  value,
  label: value,
}))

const LABELS: Record<string, string> = {
  all: 'All',
  trekking: 'Trekking',
  cultural: 'Cultural Tours',
  adventure: 'Adventure',
  wildlife: 'Wildlife',
  food: 'Food',
  historical: 'Historical',
  nature: 'Nature',
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
  return LABELS[categoryValue(value)]
}
