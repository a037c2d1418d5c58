import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { deleteAccount, markAccountDeleted } from '../lib/account-deletion'
import { clearSession } from '../lib/auth-store'
import { useT } from '../i18n/messages'
import { FormAlert } from './form-alert'
import { SpinnerIcon } from './icons'
import { ModalDialog } from './modal-dialog'
import { PasswordField } from './password-field'
import { ProfileSection } from './profile-layout'

/**
 * "Delete my account" on both profile pages. The dialog says what goes and what stays and
 * asks for the password; afterwards the browser is signed out and the login page says so.
 */
export function DeleteAccount() {
  const navigate = useNavigate()
  const t = useT()
  const [open, setOpen] = useState(false)
  const [password, setPassword] = useState('')
  const [deleting, setDeleting] = useState(false)
  const [error, setError] = useState<string | null>(null)

  function close() {
    setOpen(false)
    setPassword('')
    setError(null)
  }

  async function handleDelete(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setDeleting(true)
    setError(null)
    const result = await deleteAccount(password)
    setDeleting(false)
    if (!result.ok) {
      setError(result.message)
      return
    }
    markAccountDeleted()
    clearSession()
    await navigate('/login', { replace: true })
  }

  return (
    <ProfileSection title={t('common.deleteAccountTitle')}>
      <p className="text-sm text-slate-600">
        {t.rich('common.deleteAccountIntro', {
          privacy: (chunks) => (
            <Link to="/privacy#delete" className="text-link">
              {chunks}
            </Link>
          ),
        })}
      </p>
      <div className="mt-4">
        <button type="button" className="btn-secondary text-red-700" onClick={() => setOpen(true)}>
          {t('common.deleteAccount')}
        </button>
      </div>
      <ModalDialog open={open} title={t('common.deleteAccountQuestion')} onClose={close}>
        <form onSubmit={handleDelete} aria-label={t('common.deleteAccount')}>
          <p className="text-sm text-slate-600">{t('common.deleteAccountText')}</p>
          <div className="mt-4">
            <PasswordField
              label={t('common.currentPassword')}
              name="deletePassword"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          {error && (
            <div className="mt-4">
              <FormAlert tone="error">{error}</FormAlert>
            </div>
          )}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary" onClick={close} disabled={deleting}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="btn-primary bg-red-700 hover:bg-red-800" disabled={deleting || !password} aria-busy={deleting}>
              {deleting && <SpinnerIcon />} {t('common.deleteAccountForGood')}
            </button>
          </div>
        </form>
      </ModalDialog>
    </ProfileSection>
  )
}
