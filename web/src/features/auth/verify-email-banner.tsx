import { useState } from 'react'
import { AlertIcon, SpinnerIcon } from '../../components/icons'
import { useT } from '../../i18n/messages'
import { useAuth } from '../../lib/auth-store'
import { useCachedQuery } from '../../lib/use-cached-query'
import { accountKey, accountTags, getAccount } from './api/get-account'
import { resendVerification } from './api/resend-verification'

/** Under the navigation bar while the signed-in account's email is not verified. */
export function VerifyEmailBanner() {
  const { isSignedIn } = useAuth()
  const t = useT()
  const query = useCachedQuery({ key: accountKey, tags: accountTags, load: getAccount, enabled: isSignedIn })
  const [sending, setSending] = useState(false)
  const [answer, setAnswer] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)

  if (!isSignedIn || query.data?.emailVerified !== false) return null

  async function handleResend() {
    setSending(true)
    setAnswer(null)
    const result = await resendVerification()
    setSending(false)
    setAnswer(result.ok ? { tone: 'success', text: result.data.message } : { tone: 'error', text: result.message })
  }

  return (
    <div role="region" aria-label={t('app.verifyBannerLabel')} className="border-b border-marigold-200 bg-marigold-50 print:hidden">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-3 text-sm text-marigold-900 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p className="flex items-start gap-2">
          <span className="mt-0.5 text-base text-marigold-600">
            <AlertIcon />
          </span>
          <span>
            {t.rich('app.verifyBannerText', { email: query.data.email, b: (chunks) => <strong className="font-semibold">{chunks}</strong> })}
            {answer && (
              <span role={answer.tone === 'error' ? 'alert' : 'status'} className={`block ${answer.tone === 'error' ? 'text-red-700' : 'text-emerald-800'}`}>
                {answer.text}
              </span>
            )}
          </span>
        </p>
        <button type="button" className="btn-secondary shrink-0 self-start px-3 py-1.5 text-sm sm:self-auto" onClick={handleResend} disabled={sending} aria-busy={sending}>
          {sending && <SpinnerIcon />} {t('app.resendEmail')}
        </button>
      </div>
    </div>
  )
}
