import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { FormAlert } from '../../components/form-alert'
import { GoogleIcon, SpinnerIcon } from '../../components/icons'
import { PasswordField } from '../../components/password-field'
import { TextField } from '../../components/text-field'
import { useT } from '../../i18n/messages'
import { saveSession } from '../../lib/auth-store'
import { accountJustDeleted, forgetAccountDeleted } from '../../lib/account-deletion'
import { AuthFrame } from './auth-frame'
import { checkCompletion } from './api/check-completion'
import { logIn } from './api/log-in'
import { postLoginPath, safeNextPath } from './post-login-redirect'

const REDIRECT_DELAY_MS = 1500
const RELOAD_DELAY_MS = 100
const GOOGLE_LOADING_MS = 1200

export function LoginPage() {
  const navigate = useNavigate()
  // A page that sent here to sign in first (a tour being booked) is where the login goes back to.
  const [searchParams] = useSearchParams()
  const next = safeNextPath(searchParams.get('next'))
  // Where "Delete my account" lands, signed out: said once.
  const [deleted] = useState(accountJustDeleted)
  useEffect(() => forgetAccountDeleted(), [])
  const t = useT()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [rememberMe, setRememberMe] = useState(false)
  const [loading, setLoading] = useState(false)
  const [googleLoading, setGoogleLoading] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [succeeded, setSucceeded] = useState(false)
  const timers = useRef<number[]>([])

  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), [])

  const later = (fn: () => void, ms: number) => {
    timers.current.push(window.setTimeout(fn, ms))
  }

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setError(null)
    setLoading(true)
    const result = await logIn({ email, password })
    if (!result.ok) {
      setLoading(false)
      setError(result.message)
      return
    }
    const { token, refreshToken, role } = result.data
    saveSession({ token, refreshToken, role })
    setSucceeded(true)
    later(async () => {
      const completion = role === 'admin' || next ? undefined : await checkCompletion(role)
      // Pages load their code on first visit: wait until the navigation has landed, so the
      // reload reloads the new page, not this one.
      await navigate(next ?? postLoginPath(role, completion))
      // Not tracked in `timers`: navigating unmounts this page, and the reload must still run.
      window.setTimeout(() => window.location.reload(), RELOAD_DELAY_MS)
    }, REDIRECT_DELAY_MS)
  }

  function handleGoogle() {
    // Third-party sign-in is not wired: it only shows a loading state and logs.
    setGoogleLoading(true)
    console.log('Google sign-in is not available yet')
    later(() => setGoogleLoading(false), GOOGLE_LOADING_MS)
  }

  const busy = loading || succeeded

  return (
    <AuthFrame title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')}>
      {succeeded ? (
        <div className="mb-6">
          <FormAlert tone="success" title={t('auth.loginSuccessful')}>
            {t('auth.redirectingNow')}
          </FormAlert>
        </div>
      ) : error ? (
        <div className="mb-6">
          <FormAlert tone="error">{error}</FormAlert>
        </div>
      ) : (
        deleted && (
          <div className="mb-6">
            <FormAlert tone="success">{t('auth.accountDeleted')}</FormAlert>
          </div>
        )
      )}

      <form onSubmit={handleSubmit} className="space-y-5">
        <fieldset disabled={busy} className="space-y-5">
          <TextField
            label={t('auth.emailAddress')}
            name="email"
            type="email"
            autoComplete="email"
            required
            placeholder={t('auth.emailPlaceholder')}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <PasswordField label={t('auth.password')} name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          <div className="flex items-center justify-between gap-4 text-sm">
            <label className="flex cursor-pointer items-center gap-2 text-slate-600">
              <input
                type="checkbox"
                name="rememberMe"
                checked={rememberMe}
                onChange={(e) => setRememberMe(e.target.checked)}
                className="h-4 w-4 rounded border-slate-300 accent-himal-700"
              />
              {t('auth.rememberMe')}
            </label>
            <Link to="/forgot-password" className="text-link">
              {t('auth.forgotPasswordLink')}
            </Link>
          </div>
          <button type="submit" className="btn-primary w-full py-3" aria-busy={loading}>
            {loading ? (
              <>
                <SpinnerIcon /> {t('auth.signingIn')}
              </>
            ) : (
              t('auth.signIn')
            )}
          </button>
        </fieldset>
      </form>

      <div className="my-6 flex items-center gap-4 text-xs font-medium tracking-wider text-slate-500 uppercase">
        <span className="h-px flex-1 bg-slate-200" />
        {t('auth.or')}
        <span className="h-px flex-1 bg-slate-200" />
      </div>

      <button type="button" className="btn-secondary w-full py-3" onClick={handleGoogle} disabled={googleLoading || busy} aria-busy={googleLoading}>
        {googleLoading ? <SpinnerIcon /> : <GoogleIcon />}
        {t('auth.continueWithGoogle')}
      </button>

      <p className="mt-8 text-center text-sm text-slate-600">
        {t('auth.newToYatra')}{' '}
        <Link to="/signup" className="text-link">
          {t('auth.signUpNow')}
        </Link>
      </p>
    </AuthFrame>
  )
}
