import { useState, type FormEvent } from 'react'
import { FormAlert } from '../../components/form-alert'
import { SpinnerIcon } from '../../components/icons'
import { Detail, ProfileSection } from '../../components/profile-layout'
import { ErrorCard, LoadingCard } from '../../components/status-card'
import { TextField } from '../../components/text-field'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { EARNINGS_TAG } from '../../lib/cache-tags'
import { useCachedQuery } from '../../lib/use-cached-query'
import { PAYOUT_DETAILS_LOAD_FAILED, getPayoutDetails, savePayoutDetails } from './api/earnings'
import { PAYOUT_DETAILS_KEY } from './earnings-panel'
import { METHOD_LABEL, maskedNumber, payoutFormFrom, payoutRequest, validatePayoutForm, type PayoutErrors, type PayoutForm, type PayoutMethod } from './payout-details'
import { msg, useT } from '../../i18n/messages'

export const PAYOUT_DETAILS_SAVED = msg('earnings.payoutDetailsSaved')

/**
 * On the guide's own profile: where Yatra sends their earnings. Only they and admins see it.
 * Shown by features/guide-account (`exposed` in eslint.config.js).
 */
export function PayoutDetailsCard() {
  const cache = useClientCache()
  const t = useT()
  const query = useCachedQuery({ key: PAYOUT_DETAILS_KEY, tags: [EARNINGS_TAG], load: getPayoutDetails })
  const [form, setForm] = useState<PayoutForm | null>(null)
  const [errors, setErrors] = useState<PayoutErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const [saving, setSaving] = useState(false)

  function edit() {
    setForm(payoutFormFrom(query.data ?? null))
    setErrors({})
    setFailure(null)
    setSaved(false)
  }

  const set = (field: keyof PayoutForm) => (e: { target: { value: string } }) => setForm((f) => (f ? { ...f, [field]: e.target.value } : f))

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (!form) return
    const found = validatePayoutForm(form)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setSaving(true)
    const result = await savePayoutDetails(payoutRequest(form))
    setSaving(false)
    if (!result.ok) {
      setFailure(result.message)
      return
    }
    invalidate(cache, EARNINGS_TAG)
    setForm(null)
    setSaved(true)
  }

  let body
  if (query.status === 'loading' && query.data === undefined) body = <LoadingCard label={t('earnings.loadingPayoutDetails')} />
  else if (query.data === undefined) body = <ErrorCard message={t(query.error ?? PAYOUT_DETAILS_LOAD_FAILED)} onRetry={query.reload} />
  else if (form)
    body = (
      <form onSubmit={save} noValidate className="space-y-4">
        <fieldset>
          <legend className="field-label">{t('earnings.paidBy')}</legend>
          <div className="flex flex-wrap gap-2">
            {(['khalti', 'bank'] as PayoutMethod[]).map((method) => (
              <label
                key={method}
                className={`btn cursor-pointer border ${form.method === method ? 'border-himal-600 bg-himal-50 text-himal-900' : 'border-slate-300 bg-white text-slate-700'}`}
              >
                <input
                  type="radio"
                  name="payout-method"
                  value={method}
                  checked={form.method === method}
                  onChange={() => setForm({ ...form, method })}
                  className="accent-himal-700"
                />
                {t(METHOD_LABEL[method])}
              </label>
            ))}
          </div>
        </fieldset>
        <Field error={errors.accountName} id="payout-holder">
          <TextField
            id="payout-holder"
            label={t('earnings.accountHolder')}
            value={form.accountName}
            onChange={set('accountName')}
            maxLength={100}
            autoComplete="name"
            aria-invalid={!!errors.accountName}
            aria-describedby={errors.accountName ? 'payout-holder-error' : undefined}
          />
        </Field>
        {form.method === 'bank' && (
          <Field error={errors.bankName} id="payout-bank">
            <TextField
              id="payout-bank"
              label={t('earnings.bank')}
              value={form.bankName}
              onChange={set('bankName')}
              maxLength={100}
              placeholder={t('earnings.bankPlaceholder')}
              aria-invalid={!!errors.bankName}
              aria-describedby={errors.bankName ? 'payout-bank-error' : undefined}
            />
          </Field>
        )}
        <Field error={errors.accountNumber} id="payout-number">
          <TextField
            id="payout-number"
            label={form.method === 'khalti' ? t('earnings.khaltiMobileNumber') : t('earnings.accountNumber')}
            value={form.accountNumber}
            onChange={set('accountNumber')}
            inputMode={form.method === 'khalti' ? 'tel' : 'text'}
            placeholder={form.method === 'khalti' ? '98XXXXXXXX' : ''}
            maxLength={40}
            aria-invalid={!!errors.accountNumber}
            aria-describedby={errors.accountNumber ? 'payout-number-error' : undefined}
          />
        </Field>
        {failure && <FormAlert tone="error">{t(failure)}</FormAlert>}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={() => setForm(null)} disabled={saving}>
            {t('earnings.cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={saving} aria-busy={saving}>
            {saving && <SpinnerIcon />} {t('earnings.savePayoutDetails')}
          </button>
        </div>
      </form>
    )
  else
    body = (
      <>
        {saved && (
          <div className="mb-3">
            <FormAlert tone="success">{t(PAYOUT_DETAILS_SAVED)}</FormAlert>
          </div>
        )}
        {query.data ? (
          <dl className="divide-y divide-slate-100">
            <Detail label={t('earnings.paidBy')}>{t(METHOD_LABEL[query.data.method === 'bank' ? 'bank' : 'khalti'])}</Detail>
            <Detail label={t('earnings.accountHolder')}>{query.data.accountName}</Detail>
            {query.data.method === 'bank' && <Detail label={t('earnings.bank')}>{query.data.bankName}</Detail>}
            <Detail label={query.data.method === 'bank' ? t('earnings.accountNumber') : t('earnings.khaltiNumber')}>{maskedNumber(query.data.accountNumber)}</Detail>
          </dl>
        ) : (
          <p className="text-slate-600">{t('earnings.payoutDetailsPrompt')}</p>
        )}
        <button type="button" className="btn-secondary mt-3 w-full sm:w-auto" onClick={edit}>
          {query.data ? t('earnings.changePayoutDetails') : t('earnings.addPayoutDetails')}
        </button>
      </>
    )

  return (
    <div id="payout-details" className="scroll-mt-24">
      <ProfileSection title={t('earnings.payoutDetailsPrivate')}>
        <p className="mb-3 text-xs text-slate-500">{t('earnings.onlyYouAndAdmins')}</p>
        {body}
      </ProfileSection>
    </div>
  )
}

function Field({ error, id, children }: { error?: string; id: string; children: React.ReactNode }) {
  return (
    <div>
      {children}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}
