import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { FormAlert } from '../../components/form-alert'
import { SpinnerIcon } from '../../components/icons'
import { TextField } from '../../components/text-field'
import { useT } from '../../i18n/messages'
import { AuthFrame } from './auth-frame'
import { forgotPassword } from './api/forgot-password'

/** `/forgot-password`: asks for a reset link by email. */
export function ForgotPasswordPage() {
  const t = useT()
  const [email, setEmail] = useState('')
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [sent, setSent] = useState<string | null>(null)

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setError(null)
    setSending(true)
    const result = await forgotPassword(email)
    setSending(false)
    if (result.ok) setSent(result.data.message)
    else setError(result.message)
  }

  return (
    <AuthFrame title={t('auth.forgotTitle')} subtitle={t('auth.forgotSubtitle')}>
      {sent ? (
        <div className="space-y-6">
          <FormAlert tone="success" title={t('auth.checkEmail')}>
            {sent}
          </FormAlert>
          <p className="text-sm text-slate-600">
            {t.rich('auth.forgotHelp', {
              retry: (chunks) => (
                <button type="button" className="text-link" onClick={() => setSent(null)}>
                  {chunks}
                </button>
              ),
            })}
          </p>
          <Link to="/login" className="btn-primary w-full py-3">
            {t('auth.backToSignIn')}
          </Link>
        </div>
      ) : (
        <form onSubmit={handleSubmit} className="space-y-5">
          {error && <FormAlert tone="error">{error}</FormAlert>}
          <fieldset disabled={sending} className="space-y-5">
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
            <button type="submit" className="btn-primary w-full py-3" aria-busy={sending}>
              {sending ? (
                <>
                  <SpinnerIcon /> {t('auth.sending')}
                </>
              ) : (
                t('auth.sendResetLink')
              )}
            </button>
          </fieldset>
          <p className="text-center text-sm text-slate-600">
            {t('auth.rememberedIt')}{' '}
            <Link to="/login" className="text-link">
              {t('auth.signIn')}
            </Link>
          </p>
        </form>
      )}
    </AuthFrame>
  )
}
