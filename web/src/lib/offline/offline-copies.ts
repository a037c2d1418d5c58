import { useEffect, useState } from 'react'
import type { SavedConversations, SavedGuides, SavedThread } from './offline-pack'
import { PACK_CHANGE_EVENT, announcePackChange, browserPacks, currentAccount } from './offline-store'

/**
 * Offline copies of pages read with a signal, kept in the offline pack's IndexedDB store:
 * the guides list last seen (public, one for the browser) and, in the account's own pack,
 * the conversations and the messages of those opened. A page with no signal shows them
 * marked as copies, from when.
 */

function keep(write: () => Promise<unknown>): void {
  if (typeof indexedDB === 'undefined') return
  write()
    .then(announcePackChange)
    .catch((err: unknown) => console.error('The offline copy could not be saved', err))
}

export function keepGuides(guides: SavedGuides['guides'], total: number, now = new Date()): void {
  keep(() => browserPacks().saveGuides({ guides, total, savedAt: now.toISOString() }))
}

export function keepConversations(list: SavedConversations['list'], now = new Date()): void {
  const account = currentAccount()
  if (account) keep(() => browserPacks().saveConversations(account, list, now))
}

export function keepThread(conversationId: string, messages: SavedThread['messages'], now = new Date()): void {
  const account = currentAccount()
  if (account) keep(() => browserPacks().saveThread(account, conversationId, messages, now))
}

/** The guides list last seen in this browser, read again whenever a copy is saved; null until read or when none. */
export function useSavedGuides(): SavedGuides | null {
  const [copy, setCopy] = useState<SavedGuides | null>(null)
  useEffect(() => {
    let current = true
    const read = () => {
      if (typeof indexedDB === 'undefined') return
      browserPacks()
        .loadGuides()
        .then((saved) => current && setCopy(saved))
        .catch((err: unknown) => console.error('The offline copy could not be read', err))
    }
    read()
    window.addEventListener(PACK_CHANGE_EVENT, read)
    return () => {
      current = false
      window.removeEventListener(PACK_CHANGE_EVENT, read)
    }
  }, [])
  return copy
}
