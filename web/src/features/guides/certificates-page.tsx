import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { ShieldIcon, SpinnerIcon } from '../../components/icons'
import { PageShell } from '../../components/page-shell'
import { TextField } from '../../components/text-field'
import { useClientCache } from '../../lib/cache-provider'
import { guideChanged } from '../../lib/profile-changes'
import { submitCertificates } from './api/submit-certificates'
import { MAX_CERTIFICATES, canRemoveCertificate, newCertificateEntry, removeCertificate, validateCertificates, type CertificateEntry } from './certificates-form'

const IMAGE_FILES_ONLY = 'Please choose an image file'

/** Today in the browser's calendar, as YYYY-MM-DD, the latest allowed issue date. */
const today = () => {
  const d = new Date()
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

export function CertificatesPage() {
  const navigate = useNavigate()
  const cache = useClientCache()
  const [entries, setEntries] = useState<CertificateEntry[]>(() => [newCertificateEntry()])
  const [submitting, setSubmitting] = useState(false)

  const update = (key: number, change: Partial<CertificateEntry>) =>
    setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...change } : e)))

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const message = validateCertificates(entries)
    if (message) {
      window.alert(message)
      return
    }
    setSubmitting(true)
    const result = await submitCertificates(
      entries.map((entry) => ({
        name: entry.name.trim(),
        issuingOrganization: entry.issuingOrganization.trim(),
        issueDate: entry.issueDate,
        file: entry.file as File,
      })),
    )
    setSubmitting(false)
    if (!result.ok) {
      window.alert(result.message)
      return
    }
    guideChanged(cache, result.data._id)
    navigate('/guideDash')
  }

  const removable = canRemoveCertificate(entries)

  return (
    <PageShell eyebrow="Verification" title="Certificates and verification" description="Submit your guiding certificates so travellers can find your verified profile.">
      <div className="relative mx-auto -mt-16 max-w-3xl sm:-mt-32">
        <div className="card mb-6 flex items-start gap-3 p-5 text-sm text-slate-600">
          <span className="mt-0.5 text-xl text-himal-600">
            <ShieldIcon />
          </span>
          <p>
            Our team reviews every certificate before your profile becomes public. Certificate images stay private: only you and
            Yatra administrators can see them.
          </p>
        </div>
        <form onSubmit={handleSubmit} noValidate className="space-y-5">
          <fieldset disabled={submitting} className="space-y-5">
            <legend className="sr-only">Certificates</legend>
            {entries.map((entry, index) => (
              <section key={entry.key} aria-labelledby={`certificate-${entry.key}`} className="card p-5 sm:p-6">
                <div className="flex items-center justify-between gap-3">
                  <h2 id={`certificate-${entry.key}`} className="text-lg font-semibold text-slate-900">
                    Certificate {index + 1}
                  </h2>
                  {removable && (
                    <button
                      type="button"
                      className="btn-ghost px-3 py-1.5 text-red-700 hover:bg-red-50"
                      aria-label={`Remove certificate ${index + 1}`}
                      onClick={() => setEntries((list) => removeCertificate(list, entry.key))}
                    >
                      Remove
                    </button>
                  )}
                </div>
                <div className="mt-4 grid gap-4 sm:grid-cols-2">
                  <TextField label="Certificate name" required value={entry.name} onChange={(e) => update(entry.key, { name: e.target.value })} placeholder="e.g. Trekking Guide Licence" />
                  <TextField
                    label="Issuing organization"
                    required
                    value={entry.issuingOrganization}
                    onChange={(e) => update(entry.key, { issuingOrganization: e.target.value })}
                    placeholder="e.g. Nepal Tourism Board"
                  />
                  <TextField label="Issue date" type="date" required max={today()} value={entry.issueDate} onChange={(e) => update(entry.key, { issueDate: e.target.value })} />
                  <div>
                    <label htmlFor={`certificate-file-${entry.key}`} className="field-label">
                      Certificate image
                    </label>
                    <input
                      id={`certificate-file-${entry.key}`}
                      type="file"
                      accept="image/*"
                      required
                      onChange={(e) => {
                        const file = e.target.files?.[0] ?? null
                        if (file && !file.type.startsWith('image/')) {
                          window.alert(IMAGE_FILES_ONLY)
                          e.target.value = ''
                          update(entry.key, { file: null })
                          return
                        }
                        update(entry.key, { file })
                      }}
                      className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-himal-50 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-himal-800 hover:file:bg-himal-100"
                    />
                    <p className="mt-1 text-xs text-slate-500">{entry.file ? entry.file.name : 'JPEG, PNG or WebP, up to 8 MB'}</p>
                  </div>
                </div>
              </section>
            ))}

            <div className="flex flex-col gap-3 sm:flex-row sm:justify-between">
              <button
                type="button"
                className="btn-secondary"
                disabled={entries.length >= MAX_CERTIFICATES}
                onClick={() => setEntries((list) => [...list, newCertificateEntry()])}
              >
                Add Another Certificate
              </button>
              <button type="submit" className="btn-primary" aria-busy={submitting}>
                {submitting ? (
                  <>
                    <SpinnerIcon /> Submitting...
                  </>
                ) : (
                  'Submit Certificates'
                )}
              </button>
            </div>
          </fieldset>
        </form>
      </div>
    </PageShell>
  )
}
