import { Link } from 'react-router'
import { FormAlert } from '../../../components/form-alert'
import { GUIDES_CANNOT_BOOK, LOGIN_TO_BOOK, type BookableGuide } from './booking-request'
import { useT } from '../../../i18n/messages'

// Who is not shown the booking form, and what they are told instead.

/** Signed out: log in or sign up first. */
export function SignedOut() {
  const t = useT()
  return (
    <div className="space-y-5">
      <FormAlert tone="error">{t(LOGIN_TO_BOOK)}</FormAlert>
      <p className="text-sm text-slate-600">{t('guides.signedOutHint')}</p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to="/signup" className="btn-secondary">
          {t('guides.signUp')}
        </Link>
        <Link to="/login" className="btn-primary">
          {t('guides.logIn')}
        </Link>
      </div>
    </div>
  )
}

/** A guide or an admin: only travellers book. */
export function NotATraveller({ role, onClose }: { role: string | null; onClose: () => void }) {
  const t = useT()
  return (
    <div className="space-y-5">
      <FormAlert tone="error">{t(GUIDES_CANNOT_BOOK)}</FormAlert>
      <p className="text-sm text-slate-600">
        {role === 'guide' ? t('guides.signedInAsGuide') : t('guides.signedInCannotBook')} {t('guides.useTravellerAccount')}
      </p>
      <div className="flex justify-end">
        <button type="button" className="btn-primary" onClick={onClose}>
          {t('guides.close')}
        </button>
      </div>
    </div>
  )
}

/** A guide without a daily rate cannot be booked yet. */
export function NoRate({ guide, onClose }: { guide: BookableGuide; onClose: () => void }) {
  const t = useT()
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600">{t('guides.noRate', { name: guide.firstName })}</p>
      <div className="flex justify-end">
        <button type="button" className="btn-primary" onClick={onClose}>
          {t('guides.close')}
        </button>
      </div>
    </div>
  )
}
