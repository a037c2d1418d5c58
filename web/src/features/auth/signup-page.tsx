import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { FormAlert } from '../../components/form-alert'
import { ArrowLeftIcon, ArrowRightIcon, SpinnerIcon } from '../../components/icons'
import { PasswordField } from '../../components/password-field'
import { TextField } from '../../components/text-field'
import { useT } from '../../i18n/messages'
import { AuthFrame } from './auth-frame'
import { signUp } from './api/sign-up'
import { EMAIL_INVALID, emptySignup, passwordStrength, signupProgress, validateStepOne, validateStepTwo, type SignupRole, type SignupValues } from './signup-form'

const REDIRECT_DELAY_MS = 1500

const strengthStyle = {
  Weak: { bar: 'w-1/3 bg-red-500', text: 'text-red-700' },
  Medium: { bar: 'w-2/3 bg-marigold-500', text: 'text-marigold-800' },
  Strong: { bar: 'w-full bg-emerald-500', text: 'text-emerald-700' },
} as const

export function SignupPage() {
  const navigate = useNavigate()
  const t = useT()
  const [values, setValues] = useState<SignupValues>(emptySignup)
  const [step, setStep] = useState<1 | 2>(1)
  const [acceptedTerms, setAcceptedTerms] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)
  const [succeeded, setSucceeded] = useState(false)
  const emailRef = useRef<HTMLInputElement>(null)
  const stepHeadingRef = useRef<HTMLHeadingElement>(null)
  const firstRender = useRef(true)

  useEffect(() => {
    if (!succeeded) return
    const timer = window.setTimeout(() => navigate('/login'), REDIRECT_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [succeeded, navigate])

  // Move focus to the new step's heading so keyboard and screen-reader users follow along.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    stepHeadingRef.current?.focus()
  }, [step])

  const set = (field: keyof SignupValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }))

  const progress = signupProgress(values)
  const strength = passwordStrength(values.password)

  function goToStepTwo() {
    const message = validateStepOne(values)
    if (message) {
      setError(t(message))
      if (message === EMAIL_INVALID) emailRef.current?.focus()
      return
    }
    setError(null)
    setStep(2)
  }

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (step === 1) {
      goToStepTwo()
      return
    }
    const message = validateStepOne(values) ?? validateStepTwo(values, acceptedTerms)
    if (message) {
      setError(t(message))
      return
    }
    setError(null)
    setLoading(true)
    const failure = await signUp({ ...values })
    setLoading(false)
    if (failure) {
      setError(failure)
      return
    }
    setSucceeded(true)
  }

  return (
    <AuthFrame title={t('auth.signupTitle')} subtitle={t('auth.signupSubtitle')}>
      <div className="mb-6">
        <div className="flex items-center justify-between text-sm">
          <span className="font-semibold text-himal-800">{t('auth.stepOf', { step, steps: 2 })}</span>
          <span className="text-slate-500">{t('auth.percentComplete', { value: Math.round(progress) / 100 })}</span>
        </div>
        <div
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
          role="progressbar"
          aria-label={t('auth.signupProgress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress)}
        >
          <div className="h-full rounded-full bg-himal-600 transition-all duration-300" style={{ width: `${progress}%` }} />
        </div>
      </div>

      {succeeded ? (
        <FormAlert tone="success" title={t('auth.registrationSuccessful')}>
          {t('auth.redirectingToLogin')}
        </FormAlert>
      ) : (
        <form onSubmit={handleSubmit} noValidate className="space-y-5">
          <h2 ref={stepHeadingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
            {step === 1 ? t('auth.aboutYou') : t('auth.secureAccount')}
          </h2>

          {error && <FormAlert tone="error">{error}</FormAlert>}

          <fieldset disabled={loading} className="space-y-5">
            {step === 1 ? (
              <>
                <div className="grid gap-5 sm:grid-cols-2">
                  <TextField label={t('common.firstName')} name="firstName" autoComplete="given-name" required value={values.firstName} onChange={set('firstName')} />
                  <TextField label={t('common.lastName')} name="lastName" autoComplete="family-name" required value={values.lastName} onChange={set('lastName')} />
                </div>
                <TextField
                  ref={emailRef}
                  label={t('auth.emailAddress')}
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  placeholder={t('auth.emailPlaceholder')}
                  aria-invalid={error === t(EMAIL_INVALID) || undefined}
                  value={values.email}
                  onChange={set('email')}
                />
                <div>
                  <label htmlFor="signup-role" className="field-label">
                    {t('auth.joinAs')}
                  </label>
                  <select
                    id="signup-role"
                    name="role"
                    required
                    className="field-input"
                    value={values.role}
                    onChange={(e) => setValues((v) => ({ ...v, role: e.target.value as SignupRole }))}
                  >
                    <option value="tourist">{t('auth.traveller')}</option>
                    <option value="guide">{t('auth.tourGuide')}</option>
                  </select>
                </div>
              </>
            ) : (
              <>
                <div>
                  <PasswordField
                    label={t('auth.password')}
                    name="password"
                    autoComplete="new-password"
                    required
                    value={values.password}
                    onChange={set('password')}
                    aria-describedby="password-strength"
                  />
                  <div id="password-strength" aria-live="polite" className="mt-2 min-h-5">
                    {values.password && (
                      <div className="flex items-center gap-3">
                        <div className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-200">
                          <div className={`h-full rounded-full transition-all ${strengthStyle[strength].bar}`} />
                        </div>
                        <span className={`text-xs font-semibold ${strengthStyle[strength].text}`}>{t('auth.passwordStrength', { strength })}</span>
                      </div>
                    )}
                  </div>
                </div>
                <PasswordField
                  label={t('auth.confirmPassword')}
                  name="confirmPassword"
                  autoComplete="new-password"
                  required
                  value={values.confirmPassword}
                  onChange={set('confirmPassword')}
                />
                <label className="flex items-start gap-3 text-sm text-slate-600">
                  <input
                    type="checkbox"
                    name="terms"
                    required
                    checked={acceptedTerms}
                    onChange={(e) => setAcceptedTerms(e.target.checked)}
                    className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-himal-700"
                  />
                  <span>
                    {/* A new tab, so reading them does not lose what was typed here. */}
                    {t.rich('auth.agreeTerms', {
                      terms: (chunks) => (
                        <Link to="/terms" target="_blank" className="text-link">
                          {chunks}
                        </Link>
                      ),
                      privacy: (chunks) => (
                        <Link to="/privacy" target="_blank" className="text-link">
                          {chunks}
                        </Link>
                      ),
                    })}
                  </span>
                </label>
              </>
            )}

            <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row">
              {step === 2 && (
                <button
                  type="button"
                  className="btn-secondary sm:flex-1"
                  onClick={() => {
                    setError(null)
                    setStep(1)
                  }}
                >
                  <ArrowLeftIcon /> {t('auth.back')}
                </button>
              )}
              <button type="submit" className="btn-primary sm:flex-1" aria-busy={loading}>
                {loading ? (
                  <>
                    <SpinnerIcon /> {t('auth.creatingAccount')}
                  </>
                ) : step === 1 ? (
                  <>
                    {t('auth.continue')} <ArrowRightIcon />
                  </>
                ) : (
                  t('auth.createAccount')
                )}
              </button>
            </div>
          </fieldset>
        </form>
      )}

      <p className="mt-8 text-center text-sm text-slate-600">
        {t('auth.haveAccount')}{' '}
        <Link to="/login" className="text-link">
          {t('auth.signIn')}
        </Link>
      </p>
    </AuthFrame>
  )
}
