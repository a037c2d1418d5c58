import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { FormAlert } from '../../components/form-alert'
import { SpinnerIcon } from '../../components/icons'
import { useT } from '../../i18n/messages'
import { useAuth } from '../../lib/auth-store'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { ACCOUNT_TAG } from '../../lib/cache-tags'
import { AuthFrame } from './auth-frame'
import { verifyEmail } from './api/verify-email'

type Outcome = { tone: 'success' | 'error'; message: string } | null

/** `/verify-email?token=...`: the page the emailed verification link opens. */
export function VerifyEmailPage() {
  const [params] = useSearchParams()
  const t = useT()
  const token = params.get('token') ?? ''
  const cache = useClientCache()
  const { isSignedIn, role } = useAuth()
  const [outcome, setOutcome] = useState<Outcome>(null)

  useEffect(() => {
    if (!token) return
    let live = true
    verifyEmail(token).then((result) => {
      if (!live) return
      if (result.ok) invalidate(cache, ACCOUNT_TAG)
      setOutcome(result.ok ? { tone: 'success', message: result.data.message } : { tone: 'error', message: result.message })
    })
    return () => {
      live = false
    }
  }, [token, cache])

  const next = !isSignedIn
    ? { to: '/login', label: t('auth.signIn') }
    : role === 'guide'
      ? { to: '/guideDash', label: t('auth.goToDashboard') }
      : { to: '/guides', label: t('auth.findAGuide') }

  return (
    <AuthFrame title={t('auth.verifyTitle')} subtitle={t('auth.verifySubtitle')}>
      {!token ? (
        <FormAlert tone="error" title={t('auth.linkIncomplete')}>
          {t('auth.openLinkAgain')}
        </FormAlert>
      ) : outcome === null ? (
        <p role="status" className="flex items-center gap-3 text-slate-600">
          <SpinnerIcon /> {t('auth.checkingLink')}
        </p>
      ) : (
        <FormAlert tone={outcome.tone} title={outcome.tone === 'success' ? t('auth.emailVerified') : t('auth.couldNotVerify')}>
          {outcome.message}
          {outcome.tone === 'error' && isSignedIn && ` ${t('auth.askNewEmailFromBanner')}`}
        </FormAlert>
      )}
      {(outcome !== null || !token) && (
        <Link to={next.to} className="btn-primary mt-6 w-full py-3">
          {next.label}
        </Link>
      )}
    </AuthFrame>
  )
}
