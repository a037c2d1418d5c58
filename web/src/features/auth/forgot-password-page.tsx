import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { FormAlert } from '../../components/form-alert'
import { SpinnerIcon } from '../../components/icons'
import { TextField } from '../../components/text-field'
import { AuthFrame } from './auth-frame'
import { forgotPassword } from './api/forgot-password'

/** `/forgot-password`: asks for a reset link by email. */
export function ForgotPasswordPage() {
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
    <AuthFrame title="Forgot your password?" subtitle="Enter the email you signed up with and we will send you a link to choose a new one.">
      {sent ? (
        <div className="space-y-6">
          <FormAlert tone="success" title="Check your email">
            {sent}
          </FormAlert>
          <p className="text-sm text-slate-600">
            The link works for 30 minutes. No email? Check your spam folder, or{' '}
            <button type="button" className="text-link" onClick={() => setSent(null)}>
              try again
            </button>
            .
          </p>
          <Link to="/login" className="btn-primary w-full py-3">
            Back to sign in
          </Link>
        </div>
      ) : (
        <form onSubmit={handleSubmit} className="space-y-5">
          {error && <FormAlert tone="error">{error}</FormAlert>}
          <fieldset disabled={sending} className="space-y-5">
            <TextField
              label="Email address"
              name="email"
              type="email"
              autoComplete="email"
              required
              placeholder="you@example.com"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <button type="submit" className="btn-primary w-full py-3" aria-busy={sending}>
              {sending ? (
                <>
                  <SpinnerIcon /> Sending...
                </>
              ) : (
                'Send reset link'
              )}
            </button>
          </fieldset>
          <p className="text-center text-sm text-slate-600">
            Remembered it?{' '}
            <Link to="/login" className="text-link">
              Sign in
            </Link>
          </p>
        </form>
      )}
    </AuthFrame>
  )
}
