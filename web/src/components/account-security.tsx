import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { changePassword, logOutEverywhere } from '../lib/account-security'
import { clearSession } from '../lib/auth-store'
import { useT } from '../i18n/messages'
import { FormAlert } from './form-alert'
import { SpinnerIcon } from './icons'
import { ModalDialog } from './modal-dialog'
import { PasswordField } from './password-field'
import { ProfileSection } from './profile-layout'

const EMPTY = { currentPassword: '', password: '', confirmPassword: '' }

/** "Password and sign-in" on both profile pages: change the password, sign out everywhere. */
export function AccountSecurity() {
  const navigate = useNavigate()
  const t = useT()
  const [form, setForm] = useState(EMPTY)
  const [saving, setSaving] = useState(false)
  const [answer, setAnswer] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [signingOut, setSigningOut] = useState(false)
  const [signOutError, setSignOutError] = useState<string | null>(null)

  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm((v) => ({ ...v, [field]: e.target.value }))

  async function handleChange(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setAnswer(null)
    if (form.password !== form.confirmPassword) {
      setAnswer({ tone: 'error', text: t('common.passwordsDoNotMatch') })
      return
    }
    setSaving(true)
    const result = await changePassword(form)
    setSaving(false)
    if (result.ok) {
      setForm(EMPTY)
      setAnswer({ tone: 'success', text: result.data.message })
    } else {
      // The typed passwords stay, so a typo can be fixed rather than retyped.
      setAnswer({ tone: 'error', text: result.message })
    }
  }

  async function handleSignOutEverywhere() {
    setSigningOut(true)
    setSignOutError(null)
    const result = await logOutEverywhere()
    setSigningOut(false)
    if (!result.ok) {
      setSignOutError(result.message)
      return
    }
    setConfirming(false)
    clearSession()
    await navigate('/login')
  }

  return (
    <ProfileSection title={t('common.passwordAndSignIn')}>
      <form onSubmit={handleChange} className="space-y-4" aria-label={t('common.changePassword')}>
        {answer && <FormAlert tone={answer.tone}>{answer.text}</FormAlert>}
        <fieldset disabled={saving} className="grid gap-4 sm:grid-cols-3">
          <PasswordField
            label={t('common.currentPassword')}
            name="currentPassword"
            autoComplete="current-password"
            required
            value={form.currentPassword}
            onChange={set('currentPassword')}
          />
          <PasswordField
            label={t('common.newPassword')}
            name="password"
            autoComplete="new-password"
            required
            minLength={8}
            maxLength={128}
            value={form.password}
            onChange={set('password')}
          />
          <PasswordField
            label={t('common.confirmNewPassword')}
            name="confirmPassword"
            autoComplete="new-password"
            required
            value={form.confirmPassword}
            onChange={set('confirmPassword')}
          />
        </fieldset>
        <div className="flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
          <button type="submit" className="btn-primary" disabled={saving} aria-busy={saving}>
            {saving && <SpinnerIcon />} {t('common.changePassword')}
          </button>
          <button type="button" className="btn-secondary text-red-700" onClick={() => setConfirming(true)}>
            {t('common.signOutAllDevices')}
          </button>
        </div>
      </form>
      <ModalDialog open={confirming} title={t('common.signOutAllDevicesQuestion')} onClose={() => setConfirming(false)}>
        <p className="text-sm text-slate-600">{t('common.signOutAllDevicesText')}</p>
        {signOutError && (
          <div className="mt-4">
            <FormAlert tone="error">{signOutError}</FormAlert>
          </div>
        )}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={() => setConfirming(false)} disabled={signingOut}>
            {t('common.cancel')}
          </button>
          <button type="button" className="btn-primary bg-red-700 hover:bg-red-800" onClick={handleSignOutEverywhere} disabled={signingOut} aria-busy={signingOut}>
            {signingOut && <SpinnerIcon />} {t('common.signOutEverywhere')}
          </button>
        </div>
      </ModalDialog>
    </ProfileSection>
  )
}
