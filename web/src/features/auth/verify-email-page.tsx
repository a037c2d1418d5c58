import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { FormAlert } from '../../components/form-alert'
import { SpinnerIcon } from '../../components/icons'
import { useAuth } from '../../lib/auth-store'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { ACCOUNT_TAG } from '../../lib/cache-tags'
import { AuthFrame } from './auth-frame'
import { verifyEmail } from './api/verify-email'

type Outcome = { tone: 'success' | 'error'; message: string } | null

/** `/verify-email?token=...`: the page the emailed verification link opens. */
export function VerifyEmailPage() {
  const [params] = useSearchParams()
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

  const next = !isSignedIn ? { to: '/login', label: 'Sign in' } : role === 'guide' ? { to: '/guideDash', label: 'Go to your dashboard' } : { to: '/guides', label: 'Find a guide' }

  return (
    <AuthFrame title="Verify your email" subtitle="So guides can reach you and you can book trips.">
      {!token ? (
        <FormAlert tone="error" title="This link is incomplete">
          Please open the link from the email again.
        </FormAlert>
      ) : outcome === null ? (
        <p role="status" className="flex items-center gap-3 text-slate-600">
          <SpinnerIcon /> Checking your link...
        </p>
      ) : (
        <FormAlert tone={outcome.tone} title={outcome.tone === 'success' ? 'Email verified' : 'We could not verify your email'}>
          {outcome.message}
          {outcome.tone === 'error' && isSignedIn && ' You can ask for a new email from the banner at the top of the page.'}
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
