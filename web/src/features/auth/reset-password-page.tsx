import { useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { FormAlert } from '../../components/form-alert'
import { SpinnerIcon } from '../../components/icons'
import { PasswordField } from '../../components/password-field'
import { clearSession, readSession } from '../../lib/auth-store'
import { AuthFrame } from './auth-frame'
import { resetPassword } from './api/reset-password'

/** `/reset-password?token=...`: the page the emailed reset link opens. */
export function ResetPasswordPage() {
  const [params] = useSearchParams()
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
      setError('Passwords do not match')
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
      <AuthFrame title="Reset your password" subtitle="This page opens from the link in our email.">
        <FormAlert tone="error" title="This link is incomplete">
          Please open the link from the email again, or ask for a new one.
        </FormAlert>
        <Link to="/forgot-password" className="btn-primary mt-6 w-full py-3">
          Ask for a new link
        </Link>
      </AuthFrame>
    )
  }

  return (
    <AuthFrame title="Choose a new password" subtitle="At least 8 characters. You will be signed out on every device.">
      {done ? (
        <div className="space-y-6">
          <FormAlert tone="success" title="Password changed">
            {done}
          </FormAlert>
          <Link to="/login" className="btn-primary w-full py-3">
            Sign in
          </Link>
        </div>
      ) : (
        <form onSubmit={handleSubmit} className="space-y-5">
          {error && (
            <FormAlert tone="error">
              {error}{' '}
              {/link/.test(error) && (
                <Link to="/forgot-password" className="font-semibold underline">
                  Ask for a new link
                </Link>
              )}
            </FormAlert>
          )}
          <fieldset disabled={saving} className="space-y-5">
            <PasswordField
              label="New password"
              name="password"
              autoComplete="new-password"
              required
              minLength={8}
              maxLength={128}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <PasswordField
              label="Confirm new password"
              name="confirmPassword"
              autoComplete="new-password"
              required
              value={confirmPassword}
              onChange={(e) => setConfirmPassword(e.target.value)}
            />
            <button type="submit" className="btn-primary w-full py-3" aria-busy={saving}>
              {saving ? (
                <>
                  <SpinnerIcon /> Saving...
                </>
              ) : (
                'Set new password'
              )}
            </button>
          </fieldset>
        </form>
      )}
    </AuthFrame>
  )
}
