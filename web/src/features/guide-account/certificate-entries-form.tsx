import { useState, type FormEvent } from 'react'
import { SpinnerIcon } from '../../components/icons'
import { TextField } from '../../components/text-field'
import { todayInNepal } from '../../lib/booking'
import { submitCertificates, type SubmitMode } from './api/submit-certificates'
import type { Guide } from './api/get-guide-profile'
import { canRemoveCertificate, newCertificateEntry, removeCertificate, validateCertificates, type CertificateEntry } from './certificates-form'
import { msg, useT } from '../../i18n/messages'

const IMAGE_FILES_ONLY = msg('guides.imageFilesOnly')

type CertificateEntriesFormProps = {
  /** `replace`: the guide's whole set (the first submission); `add`: more beside the others. */
  mode: SubmitMode
  /** How many entries this submission may hold (10, less those kept when adding). */
  room: number
  onDone: (guide: Guide) => void
  /** Shown instead of "Add Another Certificate" when adding one to a list. */
  onCancel?: () => void
}

/** Certificate entries with their files, sent in one submission. */
export function CertificateEntriesForm({ mode, room, onDone, onCancel }: CertificateEntriesFormProps) {
  const t = useT()
  const [entries, setEntries] = useState<CertificateEntry[]>(() => [newCertificateEntry()])
  const [submitting, setSubmitting] = useState(false)
  // The server checks the dates against Nepal's calendar.
  const today = todayInNepal()

  const update = (key: number, change: Partial<CertificateEntry>) => setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...change } : e)))

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const message = validateCertificates(entries)
    if (message) {
      window.alert(t(message))
      return
    }
    setSubmitting(true)
    const result = await submitCertificates(
      entries.map((entry) => ({
        name: entry.name.trim(),
        issuingOrganization: entry.issuingOrganization.trim(),
        issueDate: entry.issueDate,
        licenceNumber: entry.licenceNumber.trim(),
        expiresOn: entry.expiresOn,
        file: entry.file as File,
      })),
      mode,
    )
    setSubmitting(false)
    if (!result.ok) {
      window.alert(t(result.message))
      return
    }
    onDone(result.data)
  }

  const removable = canRemoveCertificate(entries)

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-5">
      <fieldset disabled={submitting} className="space-y-5">
        <legend className="sr-only">{t('guides.certificates')}</legend>
        {entries.map((entry, index) => (
          <section key={entry.key} aria-labelledby={`certificate-${entry.key}`} className="card p-5 sm:p-6">
            <div className="flex items-center justify-between gap-3">
              <h2 id={`certificate-${entry.key}`} className="text-lg font-semibold text-slate-900">
                {mode === 'add' ? t('guides.newCertificate') : t('guides.certificateNumber', { number: index + 1 })}
              </h2>
              {removable && (
                <button
                  type="button"
                  className="btn-ghost px-3 py-1.5 text-red-700 hover:bg-red-50"
                  aria-label={t('guides.removeCertificate', { number: index + 1 })}
                  onClick={() => setEntries((list) => removeCertificate(list, entry.key))}
                >
                  {t('guides.remove')}
                </button>
              )}
            </div>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              <TextField
                label={t('guides.certificateName')}
                required
                value={entry.name}
                onChange={(e) => update(entry.key, { name: e.target.value })}
                placeholder={t('guides.certificateNamePlaceholder')}
              />
              <TextField
                label={t('guides.issuingOrganization')}
                required
                value={entry.issuingOrganization}
                onChange={(e) => update(entry.key, { issuingOrganization: e.target.value })}
                placeholder={t('guides.issuingOrganizationPlaceholder')}
              />
              <TextField
                label={t('guides.issueDate')}
                type="date"
                required
                max={today}
                value={entry.issueDate}
                onChange={(e) => update(entry.key, { issueDate: e.target.value })}
              />
              <TextField
                label={t('guides.licenceNumberLabel')}
                value={entry.licenceNumber}
                maxLength={40}
                onChange={(e) => update(entry.key, { licenceNumber: e.target.value })}
                placeholder="e.g. NTB-TG-04127"
              />
              <TextField label={t('guides.licenceValidUntil')} type="date" min={today} value={entry.expiresOn} onChange={(e) => update(entry.key, { expiresOn: e.target.value })} />
              <div>
                <label htmlFor={`certificate-file-${entry.key}`} className="field-label">
                  {t('guides.certificateImage')}
                </label>
                <input
                  id={`certificate-file-${entry.key}`}
                  type="file"
                  accept="image/*"
                  required
                  onChange={(e) => {
                    const file = e.target.files?.[0] ?? null
                    if (file && !file.type.startsWith('image/')) {
                      window.alert(t(IMAGE_FILES_ONLY))
                      e.target.value = ''
                      update(entry.key, { file: null })
                      return
                    }
                    update(entry.key, { file })
                  }}
                  className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-himal-50 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-himal-800 hover:file:bg-himal-100"
                />
                <p className="mt-1 text-xs text-slate-500">{entry.file ? entry.file.name : t('guides.imageFormats')}</p>
              </div>
            </div>
          </section>
        ))}

        <div className="flex flex-col gap-3 sm:flex-row sm:justify-between">
          {onCancel ? (
            <button type="button" className="btn-secondary" onClick={onCancel}>
              {t('common.cancel')}
            </button>
          ) : (
            <button type="button" className="btn-secondary" disabled={entries.length >= room} onClick={() => setEntries((list) => [...list, newCertificateEntry()])}>
              {t('guides.addAnotherCertificate')}
            </button>
          )}
          <button type="submit" className="btn-primary" aria-busy={submitting}>
            {submitting ? (
              <>
                <SpinnerIcon /> {t('guides.submitting')}
              </>
            ) : (
              t(mode === 'add' ? 'guides.addCertificateSubmit' : 'guides.submitCertificates')
            )}
          </button>
        </div>
      </fieldset>
    </form>
  )
}
