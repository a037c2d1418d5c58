import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { describe, expect, it } from 'vitest'
import { flattenCatalogues, SHELL_NAMESPACES } from './messages'
import messagesSource from './messages.ts?raw'

// Source texts: strings (the build's parsing applies to bundles only).
const english = flattenCatalogues(import.meta.glob('./locales/en/*.json', { eager: true })) as Record<string, string>
const nepali = flattenCatalogues(import.meta.glob('./locales/ne/*.json', { eager: true })) as Record<string, string>
const sources = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.d.ts', '!./catalogues.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>

/** The names a text's placeholders use, and how (so `{count, plural …}` cannot become `{count}`). */
function placeholders(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue
    found.add(`${element.value}:${element.type}`)
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) placeholders(option.value, found)
    }
    if (element.type === TYPE.tag) placeholders(element.children, found)
  }
  return found
}

/** Ids the code shows: `t('…')`, `t.rich('…')`, `translate('…')`, `msg('…')`. */
function usedIds(): Map<string, string> {
  const used = new Map<string, string>()
  const call = /\b(?:t|t\.rich|translate|msg)\(\s*['"`]([a-zA-Z0-9_-]+\.[a-zA-Z0-9_.-]+)['"`]/g
  for (const [file, text] of Object.entries(sources)) {
    for (const match of text.matchAll(call)) used.set(match[1], file)
  }
  return used
}

describe('the text catalogues', () => {
  it('have every English text in Nepali and nothing Nepali that English lacks', () => {
    const missingInNepali = Object.keys(english).filter((id) => !(id in nepali))
    const onlyInNepali = Object.keys(nepali).filter((id) => !(id in english))
    expect({ missingInNepali, onlyInNepali }).toEqual({ missingInNepali: [], onlyInNepali: [] })
  })

  it('hold valid ICU messages whose placeholders agree between the languages', () => {
    const problems: string[] = []
    for (const [id, text] of Object.entries(english)) {
      try {
        const wanted = [...placeholders(parse(text))].sort()
        if (!(id in nepali)) continue
        const got = [...placeholders(parse(nepali[id]))].sort()
        if (wanted.join() !== got.join()) problems.push(`${id}: en {${wanted}} but ne {${got}}`)
      } catch (err) {
        problems.push(`${id}: ${String(err)}`)
      }
    }
    expect(problems).toEqual([])
  })

  it('have a text for every id the code shows', () => {
    const missing = [...usedIds()].filter(([id]) => !(id in english)).map(([id, file]) => `${id} (${file})`)
    expect(missing).toEqual([])
  })

  it('bundle exactly the shell namespaces with the first page', () => {
    const globs = [...messagesSource.matchAll(/locales\/en\/\{([a-z,-]+)\}\.json/g)].map((match) => match[1])
    expect(globs).toEqual([SHELL_NAMESPACES.join(','), SHELL_NAMESPACES.join(',')])
  })
})
