import { useCallback, useEffect, useState } from 'react'
import { useT } from '../../i18n/messages'
import { conversationOffers, type Offer } from './api/offers'
import { OfferEditor } from './offer-editor'

export { OfferCard } from './offer-card'

/**
 * The offers of a two-party conversation, by the message each was sent with, so the
 * thread draws a card in that message's place. `reload` after a live message (it may be
 * an offer); `replace` with an offer just sent, accepted or withdrawn.
 */
export function useConversationOffers(conversationId: string, enabled: boolean) {
  const [offers, setOffers] = useState<Offer[]>([])
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (!enabled) return
    const controller = new AbortController()
    void conversationOffers(conversationId, controller.signal).then((result) => {
      if (result.ok) setOffers(result.data)
    })
    return () => controller.abort()
  }, [conversationId, enabled, attempt])

  const reload = useCallback(() => setAttempt((n) => n + 1), [])
  const replace = useCallback((offer: Offer) => setOffers((list) => [...list.filter((o) => o._id !== offer._id), offer]), [])
  const byMessage = new Map(offers.map((offer) => [offer.messageId, offer]))
  return { byMessage, reload, replace }
}

/** The guide's "Make an offer" in a conversation with a traveller. */
export function MakeOfferButton({ conversationId, travellerName, onSent }: { conversationId: string; travellerName: string; onSent: (offer: Offer) => void }) {
  const t = useT()
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className="btn-secondary shrink-0 px-3 py-1.5 text-sm" onClick={() => setOpen(true)}>
        {t('offers.makeOffer')}
      </button>
      {open && (
        <OfferEditor
          conversationId={conversationId}
          travellerName={travellerName}
          onClose={() => setOpen(false)}
          onSent={(offer) => {
            setOpen(false)
            onSent(offer)
          }}
        />
      )}
    </>
  )
}
