import { useState } from 'react'
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router'
import { Avatar } from '../../components/avatar'
import { ArrowLeftIcon, ChatIcon } from '../../components/icons'
import { EmptyCard, ErrorCard, LoadingCard } from '../../components/status-card'
import { useAuth } from '../../lib/auth-store'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { CONVERSATIONS_TAG } from '../../lib/cache-tags'
import { useCachedQuery } from '../../lib/use-cached-query'
import { getGuideName } from './api/get-guide-name'
import { conversationsKey, conversationsTags, listConversations } from './api/list-conversations'
import { startConversation } from './api/start-conversation'
import { Composer } from './composer'
import { useT } from '../../i18n/messages'
import { personName } from '../../lib/person-name'

/**
 * /messages/with/{userId}: the conversation with someone, from a guide's page or a
 * booking. An existing one opens; a traveller with none writes the first message here.
 * `?customise=<tour title>` (a tour's "Ask to customise") begins the message for them.
 */
export function ConversationWithPage() {
  const { userId = '' } = useParams()
  const [search] = useSearchParams()
  const { role } = useAuth()
  const t = useT()
  const found = useCachedQuery({ key: conversationsKey(userId), tags: conversationsTags, load: () => listConversations(userId) })
  const tour = search.get('customise')
  // Once the question is sent here, the conversation opens without it begun again (the
  // list may refresh, from the live stream, before this page has moved on).
  const [asked, setAsked] = useState(false)
  const draft = tour && !asked ? t('messages.customiseDraft', { tour }) : ''

  if (found.data?.[0]) return <Navigate to={`/messages/${found.data[0]._id}${draft ? `?${new URLSearchParams({ draft })}` : ''}`} replace />
  let body
  if (found.status === 'loading') body = <LoadingCard label={t('messages.openingConversation')} />
  else if (!found.data && found.error) body = <ErrorCard message={found.error} onRetry={found.reload} />
  else if (role === 'tourist') body = <FirstMessage guideId={userId} draft={draft} onAsking={() => setAsked(true)} />
  else
    body = (
      <EmptyCard icon={<ChatIcon />} title={t('messages.noMessagesYet')}>
        <p>{t('messages.travellersStart')}</p>
        <Link to="/messages" className="btn-secondary mt-5">
          {t('messages.allMessages')}
        </Link>
      </EmptyCard>
    )
  return <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">{body}</div>
}

function FirstMessage({ guideId, draft, onAsking }: { guideId: string; draft: string; onAsking: () => void }) {
  const guide = useCachedQuery({ key: `guide-name:${guideId}`, load: () => getGuideName(guideId) })
  const cache = useClientCache()
  const navigate = useNavigate()
  const t = useT()

  if (guide.status === 'loading') return <LoadingCard label={t('messages.loadingGuide')} />
  if (!guide.data)
    return (
      <ErrorCard message={guide.error ?? t('messages.guideNotFound')} onRetry={guide.reload}>
        <Link to="/guides" className="btn-secondary">
          {t('messages.findAGuide')}
        </Link>
      </ErrorCard>
    )
  const { firstName, lastName, profilePicture } = guide.data
  const name = personName({ firstName, lastName })

  async function send(text: string) {
    onAsking()
    const result = await startConversation(guideId, text)
    if (result.ok) {
      invalidate(cache, CONVERSATIONS_TAG)
      navigate(`/messages/${result.data._id}`, { replace: true })
    }
    return result
  }

  return (
    <div className="card overflow-hidden">
      <header className="flex items-center gap-3 border-b border-slate-200 px-3 py-3 sm:px-5">
        <Link to={`/guides/${guideId}`} className="btn-ghost px-2 py-1.5" aria-label={t('messages.backToPage', { name })}>
          <ArrowLeftIcon />
        </Link>
        <Avatar src={profilePicture} name={name} className="h-10 w-10 shrink-0 text-sm" />
        <h1 className="min-w-0 truncate font-semibold text-slate-900">{t('messages.messageName', { name: firstName })}</h1>
      </header>
      <div className="bg-slate-50 px-4 py-8 text-center text-sm text-slate-600 sm:px-8">
        <p>{t('messages.askBeforeBooking', { name: firstName })}</p>
      </div>
      <Composer label={t('messages.messageName', { name: firstName })} placeholder={t('messages.hiName', { name: firstName })} onSend={send} autoFocus initialText={draft} />
    </div>
  )
}
