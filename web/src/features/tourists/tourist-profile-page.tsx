import { useState, type ChangeEvent, type FormEvent } from 'react'
import { msg, useT } from '../../i18n/messages'
import { BIO_TOO_LONG, bioOverBy } from '../../lib/bio-text'
import { AccountSecurity } from '../../components/account-security'
import { DeleteAccount } from '../../components/delete-account'
import { CompletionMeter } from '../../components/completion-meter'
import { BackpackIcon, MapPinIcon, ShieldIcon, SpinnerIcon } from '../../components/icons'
import { NameField } from '../../components/name-field'
import { IMAGE_FILES_ONLY, ImagePicker } from '../../components/image-picker'
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
import { travellerChanged } from '../../lib/profile-changes'
import { useCachedQuery } from '../../lib/use-cached-query'
import { getTouristProfile, OWN_TOURIST_PROFILE_KEY, ownTouristProfileTags, PROFILE_LOAD_FAILED } from './api/get-tourist-profile'
import { saveTouristLocation } from './api/save-tourist-field'
import { saveTouristProfile } from './api/save-tourist-profile'
import { uploadTouristCoverImage, uploadTouristIdImage, uploadTouristProfileImage } from './api/upload-tourist-image'
import { touristCompletion, touristEditFrom, touristEditRequest, type TouristEdit } from './tourist-profile'
import { formatCoordinate } from './traveller-form'
import { EmailAddress } from '../../components/email-address'

// Text ids: shown with `t`.
export const PROFILE_UPDATED = msg('tourists.profileUpdated')
export const PROFILE_UPDATE_FAILED = msg('tourists.profileUpdateFailed')
export const LOCATION_UPDATED = msg('tourists.locationUpdated')
export const LOCATION_UPDATE_FAILED = msg('tourists.locationUpdateFailed')
export const ID_CARD_UPLOADED = msg('tourists.idCardUploaded')
export const ID_CARD_FAILED = msg('tourists.idCardFailed')

export function TouristProfilePage() {
  const cache = useClientCache()
  const t = useT()
  const query = useCachedQuery({ key: OWN_TOURIST_PROFILE_KEY, tags: ownTouristProfileTags, load: getTouristProfile })
  const [edit, setEdit] = useState<TouristEdit | null>(null)
  const [nameErrors, setNameErrors] = useState<NameErrors>({})
  const [photo, setPhoto] = useState<File | null>(null)
  const [cover, setCover] = useState<File | null>(null)
  const [saving, setSaving] = useState(false)
  const [locating, setLocating] = useState(false)
  const [uploadingId, setUploadingId] = useState(false)
  const { toast, show } = useToast()

  if (!query.data) {
    if (query.status === 'error')
      return (
        <div className="px-4 py-16">
          <ErrorCard message={t(PROFILE_LOAD_FAILED)} />
        </div>
      )
    return <LoadingCard label={t('tourists.loadingProfile')} />
  }

  const tourist = query.data
  const d = tourist.touristDetails
  const name = `${tourist.firstName} ${tourist.lastName}`.trim()
  const editing = edit !== null

  function stopEditing() {
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
    if (edit.firstName.trim() !== tourist.firstName || edit.lastName.trim() !== tourist.lastName) {
      steps.push(() => updateName(edit.firstName, edit.lastName, PROFILE_UPDATE_FAILED))
    }
    steps.push(() => saveTouristProfile(touristEditRequest(edit), PROFILE_UPDATE_FAILED))
    if (photo) steps.push(() => uploadTouristProfileImage(photo, 'profilePicture', PROFILE_UPDATE_FAILED))
    if (cover) steps.push(() => uploadTouristCoverImage(cover, PROFILE_UPDATE_FAILED))
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
    show(t(PROFILE_UPDATED))
    travellerChanged(cache)
  }

  // The place is saved once chosen: the current position, or a town (issue 26: no
  // geolocation on many desktops).
  async function updateLocation(where: () => Promise<Coordinates>) {
    setLocating(true)
    try {
      const coords = await where()
      const result = await saveTouristLocation(coords, LOCATION_UPDATE_FAILED)
      if (result.ok) {
        travellerChanged(cache)
        show(t(LOCATION_UPDATED))
      } else {
        show(result.message, 'error')
      }
    } catch (err) {
      show(err instanceof Error ? err.message : t(LOCATION_UPDATE_FAILED), 'error')
    }
    setLocating(false)
  }

  async function handleIdCard(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    if (!file.type.startsWith('image/')) {
      show(t(IMAGE_FILES_ONLY), 'error')
      return
    }
    setUploadingId(true)
    const result = await uploadTouristIdImage(file, ID_CARD_FAILED)
    setUploadingId(false)
    if (!result.ok) {
      show(result.message, 'error')
      return
    }
    // Only this page shows the ID card: store the answer rather than fetch it again.
    cache.set(OWN_TOURIST_PROFILE_KEY, result.data, { tags: ownTouristProfileTags })
    show(t(ID_CARD_UPLOADED))
  }

  const set = (field: keyof TouristEdit) => (e: { target: { value: string } }) => setEdit((v) => (v ? { ...v, [field]: e.target.value } : v))
  const photoUrl = mediaUrl(d.profilePicture)
  const coverUrl = mediaUrl(d.coverImage)

  return (
    <div className={`mx-auto max-w-6xl sm:px-6 sm:pt-6 lg:px-8 ${editing ? 'pb-40 sm:pb-28' : 'pb-10'}`}>
      <Toast toast={toast} />
      <ProfileCover cover={coverUrl} photo={photoUrl} name={name} />

      <form id="profile-edit" onSubmit={handleSave} noValidate className="px-4 sm:px-0">
        <div className="mt-16 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            {edit ? (
              <div className="grid max-w-lg gap-3 sm:grid-cols-2">
                <NameField label={t('common.firstName')} value={edit.firstName} error={nameErrors.firstName} onChange={set('firstName')} />
                <NameField label={t('common.lastName')} value={edit.lastName} error={nameErrors.lastName} onChange={set('lastName')} />
              </div>
            ) : (
              <h1 className="font-display text-3xl font-bold tracking-tight break-words text-himal-900">{name}</h1>
            )}
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-600">
              <EmailAddress address={tourist.email} />
              <span className="inline-flex items-center gap-1 rounded-full bg-himal-50 px-2.5 py-0.5 text-xs font-semibold text-himal-800 ring-1 ring-himal-200">
                <BackpackIcon /> Tourist
              </span>
              <span>{joinedDate(d.createdAt)}</span>
            </div>
          </div>
          {!editing && (
            <button
              type="button"
              className="btn-primary self-start sm:self-auto"
              onClick={() => {
                setEdit(touristEditFrom(tourist))
                setNameErrors({})
              }}
            >
              {t('tourists.editProfile')}
            </button>
          )}
        </div>

        <div className="mt-6 grid gap-5 lg:grid-cols-3">
          <div className="space-y-5 lg:col-span-2">
            {editing && (
              <ProfileSection title={t('tourists.photos')}>
                <div className="grid gap-6 sm:grid-cols-2">
                  <ImagePicker label={t('tourists.profileImage')} file={photo} currentUrl={photoUrl} onChange={setPhoto} disabled={saving} />
                  <ImagePicker label={t('tourists.coverImage')} shape="wide" file={cover} currentUrl={coverUrl} onChange={setCover} disabled={saving} />
                </div>
              </ProfileSection>
            )}
            <ProfileSection title={t('tourists.bio')}>
              {edit ? (
                <BioField label={t('tourists.bio')} value={edit.bio} onChange={set('bio')} />
              ) : d.bio ? (
                <p className="leading-relaxed whitespace-pre-line">{d.bio}</p>
              ) : (
                <NotSet />
              )}
            </ProfileSection>
            <ProfileSection title={t('tourists.languages')}>
              {edit ? (
                <TextField label={t('tourists.languagesComma')} value={edit.languages} onChange={set('languages')} placeholder={t('tourists.languagesPlaceholder')} />
              ) : (
                <Chips items={d.preferredLanguages} empty={t('tourists.noLanguages')} />
              )}
            </ProfileSection>
            <ProfileSection title={t('tourists.travelInterests')}>
              {edit ? (
                <TextField label={t('tourists.interestsComma')} value={edit.interests} onChange={set('interests')} placeholder={t('tourists.interestsPlaceholder')} />
              ) : (
                <Chips items={d.interests} empty={t('tourists.noInterests')} />
              )}
            </ProfileSection>
          </div>

          <div className="space-y-5">
            <div className="card p-5 sm:p-6">
              <CompletionMeter percent={touristCompletion(tourist)} />
            </div>
            <ProfileSection title={t('tourists.details')}>
              {edit ? (
                <TextField label={t('tourists.nationality')} value={edit.nationality} onChange={set('nationality')} maxLength={60} />
              ) : (
                <dl>
                  <Detail label={t('tourists.nationality')}>{d.nationality || <NotSet />}</Detail>
                </dl>
              )}
            </ProfileSection>
            <ProfileSection
              title={t('tourists.location')}
              action={
                <button
                  type="button"
                  className="btn-secondary px-3 py-1.5"
                  onClick={() => void updateLocation(getCurrentPosition)}
                  disabled={locating || editing}
                  aria-busy={locating}
                  aria-label={t('tourists.updateLocation')}
                >
                  {locating ? <SpinnerIcon /> : <MapPinIcon />} Update
                </button>
              }
            >
              <p className="tabular-nums">
                {d.location ? <>{t('tourists.latLong', { lat: formatCoordinate(d.location.latitude), lng: formatCoordinate(d.location.longitude) })}</> : <NotSet />}
              </p>
              <div className="mt-3">
                <TownSelect value={null} disabled={locating || editing} onChoose={(choice) => choice.kind === 'chosen' && void updateLocation(async () => choice.at)} />
              </div>
            </ProfileSection>
            <ProfileSection title={t('tourists.idCardVerification')}>
              <p className="flex items-start gap-2 text-slate-600">
                <ShieldIcon className="mt-0.5 shrink-0 text-himal-600" />
                {t('tourists.idCardPrivate')}
              </p>
              {d.idCardImage && <PrivateImage path={d.idCardImage} alt={t('tourists.yourIdCard')} className="mt-3 h-40 w-full rounded-xl border border-slate-200" />}
              <label htmlFor="id-card-file" className="field-label mt-4">
                {d.idCardImage ? t('tourists.replaceIdCard') : t('tourists.uploadIdCard')}
              </label>
              <input
                id="id-card-file"
                type="file"
                accept="image/*"
                disabled={uploadingId}
                onChange={handleIdCard}
                className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-himal-50 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-himal-800 hover:file:bg-himal-100"
              />
              {uploadingId && (
                <p role="status" className="mt-2 flex items-center gap-2 text-slate-600">
                  <SpinnerIcon /> Uploading...
                </p>
              )}
            </ProfileSection>
          </div>
        </div>
      </form>

      {!editing && (
        <div className="mt-5 px-4 sm:px-0">
          <AccountSecurity />
          <DeleteAccount />
        </div>
      )}

      {editing && <EditBar saving={saving} onCancel={handleCancel} />}
    </div>
  )
}
