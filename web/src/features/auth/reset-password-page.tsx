import { useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { FormAlert } from '../../components/form-alert'
import { SpinnerIcon } from '../../components/icons'
import { PasswordField } from '../../components/password-field'
import { useT } from '../../i18n/messages'
import { clearSession, readSession } from '../../lib/auth-store'
import { AuthFrame } from './auth-frame'
import { resetPassword } from './api/reset-password'

/** `/reset-password?token=...`: the page the emailed reset link opens. */
export function ResetPasswordPage() {
  const [params] = useSearchParams()
  const t = useT()
  const token = params.get('token') ?? ''
  const [password, setPassword] = useState('')
  const [confirmPassword, setConfirmPassword] = useState('')
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setError(null)
    if (password !== confirmPassword) {
      setError(t('common.passwordsDoNotMatch'))
      return
    }
    setSaving(true)
    const result = await resetPassword({ token, password, confirmPassword })
    setSaving(false)
    if (!result.ok) {
      setError(result.message)
      return
    }
    // Every session of the account was just ended, this browser's included.
    if (readSession().token) clearSession()
    setDone(result.data.message)
  }

  if (!token) {
    return (
      <AuthFrame title={t('auth.resetTitle')} subtitle={t('auth.resetSubtitle')}>
        <FormAlert tone="error" title={t('auth.linkIncomplete')}>
          {t('auth.openLinkAgainOrAsk')}
        </FormAlert>
        <Link to="/forgot-password" className="btn-primary mt-6 w-full py-3">
          {t('auth.askNewLink')}
        </Link>
      </AuthFrame>
    )
  }

  return (
    <AuthFrame title={t('auth.chooseNewPassword')} subtitle={t('auth.chooseNewPasswordSubtitle')}>
      {done ? (
        <div className="space-y-6">
          <FormAlert tone="success" title={t('auth.passwordChanged')}>
            {done}
          </FormAlert>
          <Link to="/login" className="btn-primary w-full py-3">
            {t('auth.signIn')}
          </Link>
        </div>
      ) : (
        <form onSubmit={handleSubmit} className="space-y-5">
          {error && (
            <FormAlert tone="error">
              {error}{' '}
              {/link/.test(error) && (
                <Link to="/forgot-password" className="font-semibold underline">
                  {t('auth.askNewLink')}
                </Link>
              )}
            </FormAlert>
          )}
          <fieldset disabled={saving} className="space-y-5">
            <PasswordField
              label={t('common.newPassword')}
              name="password"
              autoComplete="new-password"
              required
              minLength={8}
              maxLength={128}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <PasswordField
              label={t('common.confirmNewPassword')}
              name="confirmPassword"
              autoComplete="new-password"
              required
              value={confirmPassword}
              onChange={(e) => setConfirmPassword(e.target.value)}
            />
            <button type="submit" className="btn-primary w-full py-3" aria-busy={saving}>
              {saving ? (
                <>
                  <SpinnerIcon /> {t('common.saving')}
                </>
              ) : (
                t('auth.setNewPassword')
              )}
            </button>
          </fieldset>
        </form>
      )}
    </AuthFrame>
  )
}
