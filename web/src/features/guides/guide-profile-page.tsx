import { useState, type FormEvent } from 'react'
import { AccountSecurity } from '../../components/account-security'
import { Link } from 'react-router'
import { CompletionMeter } from '../../components/completion-meter'
import { AlertIcon, CheckIcon, MapPinIcon, ShieldIcon, SpinnerIcon } from '../../components/icons'
import { NameField } from '../../components/name-field'
import { ImagePicker } from '../../components/image-picker'
import { PrivateImage } from '../../components/private-image'
import { Chips, Detail, EditBar, NotSet, ProfileCover, ProfileSection, joinedDate } from '../../components/profile-layout'
import { ErrorCard, LoadingCard } from '../../components/status-card'
import { TextAreaField } from '../../components/text-area-field'
import { TextField } from '../../components/text-field'
import { Toast, useToast } from '../../components/toast'
import { COMPLETE_REQUIRED_FIELDS, updateName, validateNames, type NameErrors } from '../../lib/account-name'
import { getCurrentPosition } from '../../lib/geolocation'
import { useClientCache } from '../../lib/cache-provider'
import { mediaUrl } from '../../lib/media-url'
import { guideChanged } from '../../lib/profile-changes'
import { useCachedQuery } from '../../lib/use-cached-query'
import { getGuideProfile, OWN_GUIDE_PROFILE_KEY, ownGuideProfileTags, PROFILE_LOAD_FAILED, type Certification, type Guide } from './api/get-guide-profile'
import { PayoutDetailsCard } from '../earnings/payout-details-card'
import { usePrice } from '../../lib/currencies'
import { formatDollars } from '../../lib/money'
import { saveGuideProfile } from './api/save-guide-profile'
import { updateCertificate } from './api/update-certificate'
import { uploadGuideCoverImage, uploadGuideProfileImage } from './api/upload-guide-image'
import { guideCompletion, guideEditFrom, guideEditRequest, needsVerification, type GuideEdit } from './guide-profile'

export const PROFILE_UPDATED = 'Profile updated successfully!'
export const PROFILE_UPDATE_FAILED = 'Failed to update profile'
export const LOCATION_UPDATED = 'Location updated'
export const LOCATION_UPDATE_FAILED = 'Failed to update location'

type CertificateEdit = { name: string; issuingOrganization: string; issueDate: string }

const certificateEditFrom = (c: Certification): CertificateEdit => ({ name: c.name, issuingOrganization: c.issuingOrganization, issueDate: c.issueDate.slice(0, 10) })

export function GuideProfilePage() {
  const cache = useClientCache()
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
          <ErrorCard message={PROFILE_LOAD_FAILED} />
        </div>
      )
    return <LoadingCard label="Loading your profile..." />
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
      show(COMPLETE_REQUIRED_FIELDS, 'error')
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
        show(result.message, 'error')
        return
      }
    }
    setSaving(false)
    stopEditing()
    show(PROFILE_UPDATED)
    guideChanged(cache, guide._id)
  }

  async function handleUpdateLocation() {
    setLocating(true)
    try {
      const coords = await getCurrentPosition()
      const result = await saveGuideProfile({ ...guideEditRequest(guideEditFrom(guide), guide), location: coords }, LOCATION_UPDATE_FAILED)
      if (result.ok) {
        guideChanged(cache, guide._id)
        show(LOCATION_UPDATED)
      } else {
        show(result.message, 'error')
      }
    } catch (err) {
      show(err instanceof Error ? err.message : LOCATION_UPDATE_FAILED, 'error')
    }
    setLocating(false)
  }

  const set = (field: keyof GuideEdit) => (e: { target: { value: string } }) => setEdit((v) => (v ? { ...v, [field]: e.target.value } : v))
  const setCert = (field: keyof CertificateEdit) => (e: { target: { value: string } }) =>
    setCertificate((v) => (v ? { ...v, [field]: e.target.value } : v))

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
                <NameField label="First name" value={edit.firstName} error={nameErrors.firstName} onChange={set('firstName')} />
                <NameField label="Last name" value={edit.lastName} error={nameErrors.lastName} onChange={set('lastName')} />
              </div>
            ) : (
              <h1 className="font-display text-3xl font-bold tracking-tight break-words text-himal-900">{name}</h1>
            )}
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-600">
              <span className="break-all">{guide.email}</span>
              <StatusBadge verified={d.status === 'verified'} />
              <span>{joinedDate(d.createdAt)}</span>
            </div>
          </div>
          {!editing && (
            <button type="button" className="btn-primary self-start sm:self-auto" onClick={startEditing}>
              Edit Profile
            </button>
          )}
        </div>

        <div className="mt-6 space-y-3">
          <VerificationNotice guide={guide} />
        </div>

        <div className="mt-6 grid gap-5 lg:grid-cols-3">
          <div className="space-y-5 lg:col-span-2">
            {editing && (
              <ProfileSection title="Photos">
                <div className="grid gap-6 sm:grid-cols-2">
                  <ImagePicker label="Profile image" file={photo} currentUrl={photoUrl} onChange={setPhoto} disabled={saving} />
                  <ImagePicker label="Cover image" shape="wide" file={cover} currentUrl={coverUrl} onChange={setCover} disabled={saving} />
                </div>
              </ProfileSection>
            )}
            <ProfileSection title="About">
              {editing && edit ? (
                <TextAreaField label="Bio" value={edit.bio} onChange={set('bio')} maxLength={2000} rows={5} />
              ) : d.bio ? (
                <p className="leading-relaxed whitespace-pre-line">{d.bio}</p>
              ) : (
                <NotSet />
              )}
            </ProfileSection>
            <ProfileSection title="Languages">
              {editing && edit ? (
                <TextField label="Languages (comma-separated)" value={edit.languages} onChange={set('languages')} placeholder="Nepali, English" />
              ) : (
                <Chips items={d.expertiseLanguages} empty="No languages added yet" />
              )}
            </ProfileSection>
            <ProfileSection title="Areas of expertise">
              {editing && edit ? (
                <TextField label="Areas of expertise (comma-separated)" value={edit.interests} onChange={set('interests')} placeholder="Trekking, Culture, Photography" />
              ) : (
                <Chips items={d.interests} empty="No areas of expertise added yet" />
              )}
            </ProfileSection>
            <ProfileSection title="Certification">
              {firstCertificate ? (
                editing && certificate ? (
                  <div className="grid gap-3 sm:grid-cols-3">
                    <TextField label="Certificate name" value={certificate.name} onChange={setCert('name')} />
                    <TextField label="Issuing organization" value={certificate.issuingOrganization} onChange={setCert('issuingOrganization')} />
                    <TextField label="Issue date" type="date" value={certificate.issueDate} onChange={setCert('issueDate')} />
                  </div>
                ) : (
                  <div className="flex flex-col gap-4 sm:flex-row">
                    <PrivateImage path={firstCertificate.image} alt={`${firstCertificate.name} certificate`} className="h-28 w-40 shrink-0 rounded-xl border border-slate-200" />
                    <dl>
                      <Detail label="Name">{firstCertificate.name}</Detail>
                      <Detail label="Issued by">{firstCertificate.issuingOrganization}</Detail>
                      <Detail label="Issue date">{firstCertificate.issueDate.slice(0, 10)}</Detail>
                    </dl>
                  </div>
                )
              ) : (
                <p className="text-slate-500">
                  No certification yet.{' '}
                  <Link to="/kycform" className="text-link">
                    Add your certificates
                  </Link>
                </p>
              )}
            </ProfileSection>
          </div>

          <div className="space-y-5">
            <div className="card p-5 sm:p-6">
              <CompletionMeter percent={percent} />
            </div>
            <ProfileSection title="Details">
              {editing && edit ? (
                <div className="space-y-3">
                  <TextField label="Phone" type="tel" value={edit.phone} onChange={set('phone')} maxLength={30} />
                  <TextField label="Address" value={edit.address} onChange={set('address')} maxLength={200} />
                  <TextField label="Nationality" value={edit.nationality} onChange={set('nationality')} maxLength={60} />
                  <TextField label="Daily rate (USD)" type="number" min={0} max={10000} step="any" inputMode="decimal" value={edit.pricePerDay} onChange={set('pricePerDay')} />
                </div>
              ) : (
                <dl className="divide-y divide-slate-100">
                  <Detail label="Phone">{d.contactInfo.phone || <NotSet />}</Detail>
                  <Detail label="Address">{d.contactInfo.address || <NotSet />}</Detail>
                  <Detail label="Nationality">{d.nationality || <NotSet />}</Detail>
                  <Detail label="Daily rate">{d.pricePerDay === null ? <NotSet /> : <DailyRate usd={d.pricePerDay} />}</Detail>
                </dl>
              )}
            </ProfileSection>
            <ProfileSection title="Location">
              <p className="flex items-center gap-2 tabular-nums">
                <MapPinIcon className="shrink-0 text-himal-600" />
                {d.location ? `${d.location.latitude.toFixed(4)}, ${d.location.longitude.toFixed(4)}` : <NotSet />}
              </p>
              <button type="button" className="btn-secondary mt-3 w-full" onClick={handleUpdateLocation} disabled={locating || editing} aria-busy={locating}>
                {locating ? <SpinnerIcon /> : <MapPinIcon />} Update Location
              </button>
            </ProfileSection>
          </div>
        </div>
      </form>

      {!editing && (
        <div className="mt-5 space-y-5 px-4 sm:px-0">
          <PayoutDetailsCard />
          <AccountSecurity />
        </div>
      )}

      {editing && <EditBar saving={saving} onCancel={handleCancel} />}
    </div>
  )
}

function StatusBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
      <CheckIcon /> Verified
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">
      <AlertIcon /> Unverified
    </span>
  )
}

function VerificationNotice({ guide }: { guide: Guide }) {
  const d = guide.guideDetails
  if (needsVerification(guide) && d.verification.state !== 'rejected') {
    return (
      <div className="flex flex-col gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-900 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-3">
          <AlertIcon className="mt-0.5 shrink-0 text-lg" />
          <span>
            <strong>Verification Required!</strong> Your profile is not public. Please complete KYC verification.
          </span>
        </p>
        <Link to="/kycform" className="btn-accent shrink-0">
          Verify Now
        </Link>
      </div>
    )
  }
  if (d.verification.state === 'submitted') {
    return (
      <div className="flex items-start gap-3 rounded-2xl border border-himal-200 bg-himal-50 p-4 text-himal-900">
        <ShieldIcon className="mt-0.5 shrink-0 text-lg" />
        <p>
          <strong>Waiting for review.</strong> Your certificates have been submitted; an administrator will check them soon.
        </p>
      </div>
    )
  }
  if (d.verification.state === 'rejected') {
    return (
      <div className="flex flex-col gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-3">
          <AlertIcon className="mt-0.5 shrink-0 text-lg" />
          <span>
            <strong>Verification not approved.</strong> {d.verification.note ? `Reason: ${d.verification.note}` : ''} Please update your
            certificates and submit again.
          </span>
        </p>
        <Link to="/kycform" className="btn shrink-0 bg-red-700 text-white hover:bg-red-800">
          Submit certificates again
        </Link>
      </div>
    )
  }
  return null
}

/** The rate as the guide set it, in dollars, and as travellers who chose another currency read it. */
function DailyRate({ usd }: { usd: number }) {
  const approx = usePrice().approx(usd)
  return (
    <>
      {formatDollars(usd)} per day
      {approx && <span className="text-slate-500"> ({approx})</span>}
    </>
  )
}
