import { useState, type FormEvent, type ReactNode } from 'react'
import { AccountSecurity } from '../../components/account-security'
import { DeleteAccount } from '../../components/delete-account'
import { Link } from 'react-router'
import { CompletionMeter } from '../../components/completion-meter'
import { AlertIcon, CheckIcon, MapPinIcon, ShieldIcon, SpinnerIcon } from '../../components/icons'
import { NameField } from '../../components/name-field'
import { ImagePicker } from '../../components/image-picker'
import { PrivateImage } from '../../components/private-image'
import { Chips, Detail, EditBar, NotSet, ProfileCover, ProfileSection, joinedDate } from '../../components/profile-layout'
import { ErrorCard, LoadingCard } from '../../components/status-card'
import { BioField } from '../../components/bio-field'
import { TextField } from '../../components/text-field'
import { Toast, useToast } from '../../components/toast'
import { COMPLETE_REQUIRED_FIELDS, updateName, validateNames, type NameErrors } from '../../lib/account-name'
import { getCurrentPosition, type Coordinates } from '../../lib/geolocation'
import { TownSelect } from '../../components/place-picker'
import { useClientCache } from '../../lib/cache-provider'
import { mediaUrl } from '../../lib/media-url'
import { guideChanged } from '../../lib/profile-changes'
import { useCachedQuery } from '../../lib/use-cached-query'
import { formatCommaList } from '../../lib/text-list'
import { getGuideProfile, OWN_GUIDE_PROFILE_KEY, ownGuideProfileTags, PROFILE_LOAD_FAILED, type Certification, type Guide } from './api/get-guide-profile'
import { PayoutDetailsCard } from '../earnings/payout-details-card'
import { usePrice } from '../../lib/currencies'
import { formatDollars } from '../../lib/money'
import { saveGuideProfile } from './api/save-guide-profile'
import { updateCertificate } from './api/update-certificate'
import { uploadGuideCoverImage, uploadGuideProfileImage } from './api/upload-guide-image'
import { guideCompletion, guideEditFrom, guideEditRequest, needsVerification, type GuideEdit } from './guide-profile'
import { msg, useT } from '../../i18n/messages'
import { BIO_TOO_LONG, bioOverBy } from '../../lib/bio-text'
import { formatMediumDate } from '../../lib/intl-formats'
import { EmailAddress } from '../../components/email-address'

export const PROFILE_UPDATED = msg('guides.profileUpdated')
export const PROFILE_UPDATE_FAILED = msg('guides.profileSaveFailed')
export const LOCATION_UPDATED = msg('guides.locationUpdated')
export const LOCATION_UPDATE_FAILED = msg('guides.locationUpdateFailed')

type CertificateEdit = { name: string; issuingOrganization: string; issueDate: string }

const certificateEditFrom = (c: Certification): CertificateEdit => ({ name: c.name, issuingOrganization: c.issuingOrganization, issueDate: c.issueDate.slice(0, 10) })

export function GuideProfilePage() {
  const cache = useClientCache()
  const t = useT()
  const query = useCachedQuery({ key: OWN_GUIDE_PROFILE_KEY, tags: ownGuideProfileTags, load: getGuideProfile })
  const [editing, setEditing] = useState(false)
  const [edit, setEdit] = useState<GuideEdit | null>(null)
  const [certificate, setCertificate] = useState<CertificateEdit | null>(null)
  const [nameErrors, setNameErrors] = useState<NameErrors>({})
  const [photo, setPhoto] = useState<File | null>(null)
  const [cover, setCover] = useState<File | null>(null)
  const [saving, setSaving] = useState(false)
  const [locating, setLocating] = useState(false)
  const { toast, show } = useToast()

  if (!query.data) {
    if (query.status === 'error')
      return (
        <div className="px-4 py-16">
          <ErrorCard message={t(PROFILE_LOAD_FAILED)} />
        </div>
      )
    return <LoadingCard label={t('guides.loadingProfile')} />
  }

  const guide = query.data
  const d = guide.guideDetails
  const name = `${guide.firstName} ${guide.lastName}`.trim()
  const firstCertificate = d.certifications[0] ?? null

  function startEditing() {
    setEdit(guideEditFrom(guide))
    setCertificate(firstCertificate ? certificateEditFrom(firstCertificate) : null)
    setNameErrors({})
    setPhoto(null)
    setCover(null)
    setEditing(true)
  }

  function stopEditing() {
    setEditing(false)
    setEdit(null)
    setPhoto(null)
    setCover(null)
    setNameErrors({})
  }

  function handleCancel() {
    stopEditing()
    query.reload()
  }

  async function handleSave(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (!edit) return
    const errors = validateNames(edit.firstName, edit.lastName)
    setNameErrors(errors)
    if (errors.firstName || errors.lastName) {
      show(t(COMPLETE_REQUIRED_FIELDS), 'error')
      return
    }
    if (bioOverBy(edit.bio) > 0) {
      show(t(BIO_TOO_LONG), 'error')
      return
    }
    setSaving(true)
    const steps: (() => Promise<{ ok: true } | { ok: false; message: string }>)[] = []
    if (edit.firstName.trim() !== guide.firstName || edit.lastName.trim() !== guide.lastName) {
      steps.push(() => updateName(edit.firstName, edit.lastName, PROFILE_UPDATE_FAILED))
    }
    steps.push(() => saveGuideProfile(guideEditRequest(edit, guide), PROFILE_UPDATE_FAILED))
    if (photo) steps.push(() => uploadGuideProfileImage(photo, PROFILE_UPDATE_FAILED))
    if (cover) steps.push(() => uploadGuideCoverImage(cover, PROFILE_UPDATE_FAILED))
    if (firstCertificate && certificate) {
      const before = certificateEditFrom(firstCertificate)
      const changed = (Object.keys(before) as (keyof CertificateEdit)[]).some((k) => before[k] !== certificate[k].trim())
      if (changed) {
        steps.push(() =>
          updateCertificate(
            {
              certificationId: firstCertificate._id,
              name: certificate.name.trim(),
              issuingOrganization: certificate.issuingOrganization.trim(),
              issueDate: certificate.issueDate,
            },
            PROFILE_UPDATE_FAILED,
          ),
        )
      }
    }
    for (const step of steps) {
      const result = await step()
      if (!result.ok) {
        setSaving(false)
        show(t(result.message), 'error')
        return
      }
    }
    setSaving(false)
    stopEditing()
    show(t(PROFILE_UPDATED))
    guideChanged(cache, guide._id)
  }

  // The place is saved once chosen: the current position, or a town (issue 26: no
  // geolocation on many desktops).
  async function updateLocation(where: () => Promise<Coordinates>) {
    setLocating(true)
    try {
      const coords = await where()
      const result = await saveGuideProfile({ ...guideEditRequest(guideEditFrom(guide), guide), location: coords }, LOCATION_UPDATE_FAILED)
      if (result.ok) {
        guideChanged(cache, guide._id)
        show(t(LOCATION_UPDATED))
      } else {
        show(t(result.message), 'error')
      }
    } catch (err) {
      show(t(err instanceof Error ? err.message : LOCATION_UPDATE_FAILED), 'error')
    }
    setLocating(false)
  }

  const set = (field: keyof GuideEdit) => (e: { target: { value: string } }) => setEdit((v) => (v ? { ...v, [field]: e.target.value } : v))
  const setCert = (field: keyof CertificateEdit) => (e: { target: { value: string } }) => setCertificate((v) => (v ? { ...v, [field]: e.target.value } : v))

  const percent = guideCompletion(guide)
  const photoUrl = mediaUrl(d.profilePicture)
  const coverUrl = mediaUrl(d.coverImage)

  return (
    <div className={`mx-auto max-w-6xl sm:px-6 sm:pt-6 lg:px-8 ${editing ? 'pb-40 sm:pb-28' : 'pb-10'}`}>
      <Toast toast={toast} />
      <ProfileCover cover={coverUrl} photo={photoUrl} name={name} />

      <form id="profile-edit" onSubmit={handleSave} noValidate className="px-4 sm:px-0">
        <div className="mt-16 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            {editing && edit ? (
              <div className="grid max-w-lg gap-3 sm:grid-cols-2">
                <NameField label={t('guides.firstName')} value={edit.firstName} error={nameErrors.firstName} onChange={set('firstName')} />
                <NameField label={t('guides.lastName')} value={edit.lastName} error={nameErrors.lastName} onChange={set('lastName')} />
              </div>
            ) : (
              <h1 className="font-display text-3xl font-bold tracking-tight break-words text-himal-900">{name}</h1>
            )}
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-600">
              <EmailAddress address={guide.email} />
              <StatusBadge verified={d.status === 'verified'} />
              <span>{joinedDate(d.createdAt)}</span>
            </div>
          </div>
          {!editing && (
            <button type="button" className="btn-primary self-start sm:self-auto" onClick={startEditing}>
              {t('guides.editProfile')}
            </button>
          )}
        </div>

        <div className="mt-6 space-y-3">
          <VerificationNotice guide={guide} />
        </div>

        <div className="mt-6 grid gap-5 lg:grid-cols-3">
          <div className="space-y-5 lg:col-span-2">
            {editing && (
              <ProfileSection title={t('guides.photos')}>
                <div className="grid gap-6 sm:grid-cols-2">
                  <ImagePicker label={t('guides.profileImage')} file={photo} currentUrl={photoUrl} onChange={setPhoto} disabled={saving} />
                  <ImagePicker label={t('guides.coverImage')} shape="wide" file={cover} currentUrl={coverUrl} onChange={setCover} disabled={saving} />
                </div>
              </ProfileSection>
            )}
            <ProfileSection title={t('guides.about')}>
              {editing && edit ? (
                <BioField label={t('guides.bio')} value={edit.bio} onChange={set('bio')} />
              ) : d.bio ? (
                <p className="leading-relaxed whitespace-pre-line">{d.bio}</p>
              ) : (
                <NotSet />
              )}
            </ProfileSection>
            <ProfileSection title={t('guides.languages')}>
              {editing && edit ? (
                <TextField label={t('guides.languagesComma')} value={edit.languages} onChange={set('languages')} placeholder={t('guides.languagesCommaPlaceholder')} />
              ) : (
                <Chips items={d.expertiseLanguages} empty={t('guides.noLanguagesYet')} />
              )}
            </ProfileSection>
            <ProfileSection title={t('guides.areasOfExpertise')}>
              {editing && edit ? (
                <TextField label={t('guides.areasComma')} value={edit.interests} onChange={set('interests')} placeholder={t('guides.areasCommaPlaceholder')} />
              ) : (
                <Chips items={d.interests} empty={t('guides.noAreasYet')} />
              )}
            </ProfileSection>
            <ProfileSection title={t('guides.certification')}>
              {firstCertificate ? (
                editing && certificate ? (
                  <div className="grid gap-3 sm:grid-cols-3">
                    <TextField label={t('guides.certificateName')} value={certificate.name} onChange={setCert('name')} />
                    <TextField label={t('guides.issuingOrganization')} value={certificate.issuingOrganization} onChange={setCert('issuingOrganization')} />
                    <TextField label={t('guides.issueDate')} type="date" value={certificate.issueDate} onChange={setCert('issueDate')} />
                  </div>
                ) : (
                  <div className="flex flex-col gap-4 sm:flex-row">
                    <PrivateImage
                      path={firstCertificate.image}
                      alt={t('guides.certificateAlt', { name: firstCertificate.name })}
                      className="h-28 w-40 shrink-0 rounded-xl border border-slate-200"
                    />
                    <dl>
                      <Detail label={t('guides.name')}>{firstCertificate.name}</Detail>
                      <Detail label={t('guides.issuedBy')}>{firstCertificate.issuingOrganization}</Detail>
                      <Detail label={t('guides.issueDate')}>{formatMediumDate(firstCertificate.issueDate)}</Detail>
                    </dl>
                  </div>
                )
              ) : (
                <p className="text-slate-500">
                  {t('guides.noCertificationYet')}{' '}
                  <Link to="/kycform" className="text-link">
                    {t('guides.addYourCertificates')}
                  </Link>
                </p>
              )}
            </ProfileSection>
          </div>

          <div className="space-y-5">
            <div className="card p-5 sm:p-6">
              <CompletionMeter percent={percent} />
            </div>
            <ProfileSection title={t('guides.details')}>
              {editing && edit ? (
                <div className="space-y-3">
                  <TextField label={t('guides.phone')} type="tel" value={edit.phone} onChange={set('phone')} maxLength={30} />
                  <TextField label={t('guides.address')} value={edit.address} onChange={set('address')} maxLength={200} />
                  <TextField label={t('guides.nationality')} value={edit.nationality} onChange={set('nationality')} maxLength={60} />
                  <TextField
                    label={t('guides.dailyRateUsd')}
                    type="number"
                    min={0}
                    max={10000}
                    step="any"
                    inputMode="decimal"
                    value={edit.pricePerDay}
                    onChange={set('pricePerDay')}
                  />
                </div>
              ) : (
                <dl className="divide-y divide-slate-100">
                  <Detail label={t('guides.phone')}>{d.contactInfo.phone || <NotSet />}</Detail>
                  <Detail label={t('guides.address')}>{d.contactInfo.address || <NotSet />}</Detail>
                  <Detail label={t('guides.nationality')}>{d.nationality || <NotSet />}</Detail>
                  <Detail label={t('guides.dailyRate')}>{d.pricePerDay === null ? <NotSet /> : <DailyRate usd={d.pricePerDay} />}</Detail>
                </dl>
              )}
            </ProfileSection>
            <ProfileSection title={t('guides.tripBriefing')}>
              <p className="mb-3 text-sm text-slate-600">{t('guides.tripBriefingHint')}</p>
              {editing && edit ? (
                <div className="space-y-3">
                  <TextField label={t('guides.meetingPlace')} value={edit.meetingPlace} onChange={set('meetingPlace')} maxLength={200} />
                  <TextField label={t('guides.whatToBringComma')} value={edit.whatToBring} onChange={set('whatToBring')} />
                </div>
              ) : (
                <dl className="divide-y divide-slate-100">
                  <Detail label={t('guides.meetingPlace')}>{d.meetingPlace || <NotSet />}</Detail>
                  <Detail label={t('guides.whatToBring')}>{d.whatToBring.length > 0 ? formatCommaList(d.whatToBring) : <NotSet />}</Detail>
                </dl>
              )}
            </ProfileSection>
            <ProfileSection title={t('guides.location')}>
              <p className="flex items-center gap-2 tabular-nums">
                <MapPinIcon className="shrink-0 text-himal-600" />
                {d.location ? t('guides.coordinates', { latitude: d.location.latitude, longitude: d.location.longitude }) : <NotSet />}
              </p>
              <button
                type="button"
                className="btn-secondary mt-3 w-full"
                onClick={() => void updateLocation(getCurrentPosition)}
                disabled={locating || editing}
                aria-busy={locating}
              >
                {locating ? <SpinnerIcon /> : <MapPinIcon />} {t('guides.updateLocation')}
              </button>
              <div className="mt-3">
                <TownSelect value={null} disabled={locating || editing} onChoose={(choice) => choice.kind === 'chosen' && void updateLocation(async () => choice.at)} />
              </div>
            </ProfileSection>
          </div>
        </div>
      </form>

      {!editing && (
        <div className="mt-5 space-y-5 px-4 sm:px-0">
          <PayoutDetailsCard />
          <AccountSecurity />
          <DeleteAccount />
        </div>
      )}

      {editing && <EditBar saving={saving} onCancel={handleCancel} />}
    </div>
  )
}

function StatusBadge({ verified }: { verified: boolean }) {
  const t = useT()
  return verified ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
      <CheckIcon /> {t('guides.verified')}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">
      <AlertIcon /> {t('guides.unverified')}
    </span>
  )
}

function VerificationNotice({ guide }: { guide: Guide }) {
  const t = useT()
  const b = (chunks: ReactNode) => <strong key="b">{chunks}</strong>
  const d = guide.guideDetails
  if (needsVerification(guide) && d.verification.state !== 'rejected') {
    return (
      <div className="flex flex-col gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-900 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-3">
          <AlertIcon className="mt-0.5 shrink-0 text-lg" />
          <span>{t.rich('guides.verificationRequired', { b })}</span>
        </p>
        <Link to="/kycform" className="btn-accent shrink-0">
          {t('guides.verifyNow')}
        </Link>
      </div>
    )
  }
  if (d.verification.state === 'submitted') {
    return (
      <div className="flex items-start gap-3 rounded-2xl border border-himal-200 bg-himal-50 p-4 text-himal-900">
        <ShieldIcon className="mt-0.5 shrink-0 text-lg" />
        <p>{t.rich('guides.waitingForReview', { b })}</p>
      </div>
    )
  }
  if (d.verification.state === 'rejected') {
    return (
      <div className="flex flex-col gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-3">
          <AlertIcon className="mt-0.5 shrink-0 text-lg" />
          <span>{d.verification.note ? t.rich('guides.notApprovedReason', { b, reason: d.verification.note }) : t.rich('guides.notApproved', { b })}</span>
        </p>
        <Link to="/kycform" className="btn shrink-0 bg-red-700 text-white hover:bg-red-800">
          {t('guides.submitAgain')}
        </Link>
      </div>
    )
  }
  return null
}

/** The rate as the guide set it, in dollars, and as travellers who chose another currency read it. */
function DailyRate({ usd }: { usd: number }) {
  const approx = usePrice().approx(usd)
  const t = useT()
  return (
    <>
      {t('guides.amountPerDay', { amount: formatDollars(usd) })}
      {approx && <span className="text-slate-500"> ({approx})</span>}
    </>
  )
}
