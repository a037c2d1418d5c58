import { useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { FormAlert } from '../../components/form-alert'
import { ShieldIcon } from '../../components/icons'
import { PageShell } from '../../components/page-shell'
import { ErrorCard, LoadingCard } from '../../components/status-card'
import { useClientCache } from '../../lib/cache-provider'
import { todayInNepal } from '../../lib/booking'
import { formatMediumDate } from '../../lib/intl-formats'
import { guideChanged } from '../../lib/profile-changes'
import { useCachedQuery } from '../../lib/use-cached-query'
import { getGuideProfile, OWN_GUIDE_PROFILE_KEY, ownGuideProfileTags, PROFILE_LOAD_FAILED, type Certification, type Guide } from './api/get-guide-profile'
import { CertificateEntriesForm } from './certificate-entries-form'
import { CERTIFICATE_STATUS_TEXT, LICENCE_HINT, certificateStatus, roomForMore, type CertificateStatus } from './certificates-form'
import { useT } from '../../i18n/messages'

const statusStyle: Record<CertificateStatus, string> = {
  verified: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  inReview: 'bg-marigold-50 text-marigold-900 ring-marigold-200',
  rejected: 'bg-red-50 text-red-800 ring-red-200',
  notSubmitted: 'bg-slate-100 text-slate-700 ring-slate-200',
  expired: 'bg-red-50 text-red-800 ring-red-200',
}

/**
 * The guide's certificates. A guide with none fills the submission form (the spec's page);
 * a guide with some sees them with their status, licence number and expiry, and may add
 * one (issue 26) or, after a rejection, start over with a new set.
 */
export function CertificatesPage() {
  const navigate = useNavigate()
  const cache = useClientCache()
  const t = useT()
  const query = useCachedQuery({ key: OWN_GUIDE_PROFILE_KEY, tags: ownGuideProfileTags, load: getGuideProfile })
  const [form, setForm] = useState<'none' | 'add' | 'replace'>('none')
  const [added, setAdded] = useState(false)
  const listHeading = useRef<HTMLHeadingElement>(null)

  function done(guide: Guide, next: 'dashboard' | 'list') {
    guideChanged(cache, guide._id)
    if (next === 'dashboard') {
      navigate('/guideDash')
      return
    }
    setForm('none')
    setAdded(true)
    listHeading.current?.focus()
  }

  let body
  if (!query.data) {
    body = query.status === 'error' ? <ErrorCard message={t(PROFILE_LOAD_FAILED)} onRetry={query.reload} /> : <LoadingCard label={t('guides.loadingCertificates')} />
  } else {
    const details = query.data.guideDetails
    const certificates = details.certifications
    const room = roomForMore(certificates.length)
    body =
      certificates.length === 0 ? (
        <CertificateEntriesForm mode="replace" room={room} onDone={(guide) => done(guide, 'dashboard')} />
      ) : (
        <div className="space-y-5">
          <section aria-labelledby="my-certificates" className="card p-5 sm:p-6">
            <h2 id="my-certificates" ref={listHeading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
              {t('guides.yourCertificates')}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{t('guides.certificateStatusNote')}</p>
            {added && (
              <div className="mt-4">
                <FormAlert tone="success">{t('guides.certificateAdded')}</FormAlert>
              </div>
            )}
            {details.verification.state === 'rejected' && details.verification.note && (
              <div className="mt-4">
                <FormAlert tone="error">{t('guides.rejectedBecause', { reason: details.verification.note })}</FormAlert>
              </div>
            )}
            <ul className="mt-4 divide-y divide-slate-200">
              {certificates.map((c) => (
                <CertificateRow key={c._id} certificate={c} status={certificateStatus(c, details.verification.state, todayInNepal())} />
              ))}
            </ul>
          </section>

          {form === 'none' ? (
            <div className="flex flex-col gap-3 sm:flex-row sm:justify-between">
              <Link to="/guide/profile" className="btn-secondary">
                {t('guides.backToProfile')}
              </Link>
              <div className="flex flex-col gap-3 sm:flex-row">
                {details.verification.state === 'rejected' && (
                  <button type="button" className="btn-secondary" onClick={() => setForm('replace')}>
                    {t('guides.replaceCertificates')}
                  </button>
                )}
                <button
                  type="button"
                  className="btn-primary"
                  disabled={room === 0}
                  onClick={() => {
                    setAdded(false)
                    setForm('add')
                  }}
                >
                  {t('guides.addCertificate')}
                </button>
              </div>
            </div>
          ) : (
            <div>
              <h2 className="mb-3 text-lg font-semibold text-slate-900">{t(form === 'add' ? 'guides.addCertificate' : 'guides.replaceCertificates')}</h2>
              {form === 'add' && <p className="mb-4 text-sm text-slate-600">{t('guides.addCertificateNote')}</p>}
              <CertificateEntriesForm
                key={form}
                mode={form}
                room={form === 'add' ? room : roomForMore(0)}
                onDone={(guide) => done(guide, 'list')}
                onCancel={() => setForm('none')}
              />
            </div>
          )}
          {room === 0 && form === 'none' && <p className="text-sm text-slate-600">{t('guides.certificatesFull')}</p>}
        </div>
      )
  }

  return (
    <PageShell eyebrow={t('guides.verification')} title={t('guides.certificatesTitle')} description={t('guides.certificatesDescription')}>
      <div className="relative mx-auto -mt-16 max-w-3xl sm:-mt-32">
        <div className="card mb-6 flex items-start gap-3 p-5 text-sm text-slate-600">
          <span className="mt-0.5 text-xl text-himal-600">
            <ShieldIcon />
          </span>
          <div className="space-y-2">
            <p>{t('guides.certificatesPrivacy')}</p>
            <p>{t(LICENCE_HINT)}</p>
          </div>
        </div>
        {body}
      </div>
    </PageShell>
  )
}

function CertificateRow({ certificate: c, status }: { certificate: Certification; status: CertificateStatus }) {
  const t = useT()
  return (
    <li className="flex flex-col gap-2 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <h3 className="font-semibold break-words text-slate-900">{c.name}</h3>
        <p className="text-sm break-words text-slate-600">{t('guides.certificateIssued', { organization: c.issuingOrganization, date: formatMediumDate(c.issueDate) })}</p>
        {c.licenceNumber ? (
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-500">{t('guides.licenceNumber')}</dt>
            <dd className="font-medium break-all text-slate-900">{c.licenceNumber}</dd>
            <dt className="text-slate-500">{t('guides.expires')}</dt>
            <dd className="font-medium text-slate-900">{c.expiresOn ? formatMediumDate(c.expiresOn) : '—'}</dd>
          </dl>
        ) : (
          <p className="mt-1 text-sm text-slate-500">{t('guides.notALicence')}</p>
        )}
      </div>
      <span className={`inline-flex shrink-0 self-start rounded-full px-3 py-1 text-xs font-semibold ring-1 ${statusStyle[status]}`}>{t(CERTIFICATE_STATUS_TEXT[status])}</span>
    </li>
  )
}
