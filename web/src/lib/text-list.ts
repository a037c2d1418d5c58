/** Trims each entry, drops empty ones and later duplicates (compared case-insensitively). */
export function cleanList(items: readonly string[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const raw of items) {
    const item = raw.trim()
    const key = item.toLowerCase()
    if (item === '' || seen.has(key)) continue
    seen.add(key)
    out.push(item)
  }
  return out
}

/** Comma-separated text from a profile edit box: entries trimmed, empties dropped. */
export function parseCommaList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
}

export function formatCommaList(items: readonly string[] | null | undefined): string {
  return (items ?? []).join(', ')
}
