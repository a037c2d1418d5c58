import { useT } from '../../i18n/messages'
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useNavigate } from 'react-router'
import { AlertIcon, CheckIcon, CloseIcon, SpinnerIcon } from '../../components/icons'
import { ImagePicker } from '../../components/image-picker'
import { PageShell } from '../../components/page-shell'
import { PlacePicker, usePlaceChoice } from '../../components/place-picker'
import { BioField } from '../../components/bio-field'
import { TextField } from '../../components/text-field'
import { placeToSend } from '../../lib/place-choice'
import { useClientCache } from '../../lib/cache-provider'
import { travellerChanged } from '../../lib/profile-changes'
import { useCachedQuery } from '../../lib/use-cached-query'
import { getTouristProfile, OWN_TOURIST_PROFILE_KEY, ownTouristProfileTags } from './api/get-tourist-profile'
import { getEmergencyInfo, saveEmergencyInfo } from './api/emergency-info'
import { saveTouristBio, saveTouristInterests, saveTouristLocation, saveTouristNationality } from './api/save-tourist-field'
import { uploadTouristProfileImage } from './api/upload-tourist-image'
import {
  IMAGE_UPLOAD_FAILED,
  INTEREST_TABS,
  SAVE_FAILED,
  SUBMISSION_FAILED,
  emptyTravellerDraft,
  formatCoordinate,
  interestTextId,
  toggleInterest,
  validateTraveller,
  type InterestTab,
  type TravellerDraft,
} from './traveller-form'
import { emptyEmergencyDraft, trimEmergency, validateEmergency, type EmergencyDraft } from './emergency-info'
import { EmergencyInfoFields } from './emergency-info-fields'

const TABS = Object.keys(INTEREST_TABS) as InterestTab[]

export function TravellerFormPage() {
  const navigate = useNavigate()
  const t = useT()
  const [draft, setDraft] = useState<TravellerDraft>(emptyTravellerDraft)
  const [emergency, setEmergency] = useState<EmergencyDraft>(emptyEmergencyDraft)
  const [tab, setTab] = useState<InterestTab>('Popular')
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)
  // Location is acquired on load; a saved place is kept unless the traveller chooses another.
  const [place, setPlace] = usePlaceChoice()
  const cache = useClientCache()
  const saved = useCachedQuery({ key: OWN_TOURIST_PROFILE_KEY, tags: ownTouristProfileTags, load: getTouristProfile })
  const stored = saved.data?.touristDetails.location
  const tabRefs = useRef<Partial<Record<InterestTab, HTMLButtonElement | null>>>({})

  // Details saved before show again, so completing the form never clears them.
  useEffect(() => {
    let live = true
    void getEmergencyInfo().then((result) => {
      if (live && result.ok) setEmergency({ ...emptyEmergencyDraft, ...result.data })
    })
    return () => {
      live = false
    }
  }, [])

  function fail(message: string) {
    setError(message)
    window.scrollTo({ top: 0, behavior: 'smooth' })
  }

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const message = validateTraveller(draft) ?? validateEmergency(emergency)
    if (message || !draft.profileImage) {
      fail(message ? t(message) : '')
      return
    }
    setError(null)
    setLoading(true)
    try {
      const image = await uploadTouristProfileImage(draft.profileImage, 'profileImage', IMAGE_UPLOAD_FAILED)
      if (!image.ok) {
        fail(image.message)
        return
      }
      const location = placeToSend(place, stored)
      const results = await Promise.all([
        saveTouristBio(draft.bio.trim(), SUBMISSION_FAILED),
        saveTouristNationality(draft.nationality.trim(), SUBMISSION_FAILED),
        ...(location ? [saveTouristLocation(location, SUBMISSION_FAILED)] : []),
        saveTouristInterests(draft.interests, SUBMISSION_FAILED),
        saveEmergencyInfo(trimEmergency(emergency)),
      ])
      const failed = results.find((r) => !r.ok)
      if (failed && !failed.ok) {
        fail(failed.message)
        return
      }
      // The profile this form read first is stale now: the profile page must not show it.
      travellerChanged(cache)
      navigate('/')
    } catch (err) {
      console.error('Saving the traveller profile failed', err)
      fail(t(SAVE_FAILED))
    } finally {
      setLoading(false)
    }
  }

  function handleTabKey(e: KeyboardEvent<HTMLButtonElement>) {
    const index = TABS.indexOf(tab)
    const next = e.key === 'ArrowRight' ? TABS[(index + 1) % TABS.length] : e.key === 'ArrowLeft' ? TABS[(index + TABS.length - 1) % TABS.length] : null
    if (!next) return
    e.preventDefault()
    setTab(next)
    tabRefs.current[next]?.focus()
  }

  return (
    <PageShell eyebrow={t('tourists.formEyebrow')} title={t('tourists.formTitle')} description={t('tourists.formDescription')}>
      <div className="card relative mx-auto -mt-16 max-w-3xl p-5 sm:-mt-32 sm:p-8">
        {error && (
          <div role="alert" className="mb-6 flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            <AlertIcon className="mt-0.5 shrink-0 text-base" />
            <p className="flex-1">{error}</p>
            <button
              type="button"
              onClick={() => setError(null)}
              aria-label={t('tourists.dismissError')}
              className="-my-1 flex h-8 w-8 items-center justify-center rounded-lg text-base hover:bg-red-100"
            >
              <CloseIcon />
            </button>
          </div>
        )}

        <form onSubmit={handleSubmit} noValidate>
          <fieldset disabled={loading} className="space-y-6">
            <ImagePicker label={t('tourists.profileImage')} required file={draft.profileImage} onChange={(file) => setDraft((d) => ({ ...d, profileImage: file }))} />
            <BioField
              label={t('tourists.bio')}
              name="bio"
              required
              placeholder={t('tourists.bioPlaceholder')}
              value={draft.bio}
              onChange={(e) => setDraft((d) => ({ ...d, bio: e.target.value }))}
            />
            <TextField
              label={t('tourists.nationality')}
              name="nationality"
              required
              maxLength={60}
              placeholder={t('tourists.nationalityPlaceholder')}
              value={draft.nationality}
              onChange={(e) => setDraft((d) => ({ ...d, nationality: e.target.value }))}
            />

            <div>
              <p id="interests-label" className="field-label">
                {t('tourists.yourInterests')} <span className="text-red-600">*</span>
              </p>
              <div role="tablist" aria-labelledby="interests-label" className="flex gap-1 rounded-xl bg-slate-100 p-1">
                {TABS.map((name) => (
                  <button
                    key={name}
                    ref={(el) => {
                      tabRefs.current[name] = el
                    }}
                    type="button"
                    role="tab"
                    id={`interest-tab-${name}`}
                    aria-selected={tab === name}
                    aria-controls="interest-panel"
                    tabIndex={tab === name ? 0 : -1}
                    onClick={() => setTab(name)}
                    onKeyDown={handleTabKey}
                    className={`flex-1 rounded-lg px-2 py-2 text-sm font-semibold transition-colors ${
                      tab === name ? 'bg-white text-himal-800 shadow-sm' : 'text-slate-600 hover:text-slate-900'
                    }`}
                  >
                    {t(interestTextId(name))}
                  </button>
                ))}
              </div>
              <div id="interest-panel" role="tabpanel" aria-labelledby={`interest-tab-${tab}`} className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
                {INTEREST_TABS[tab].map((interest) => {
                  const on = draft.interests.includes(interest)
                  return (
                    <button
                      key={interest}
                      type="button"
                      aria-pressed={on}
                      onClick={() => setDraft((d) => ({ ...d, interests: toggleInterest(d.interests, interest) }))}
                      className={`flex items-center justify-center gap-1.5 rounded-xl border px-3 py-2.5 text-sm font-medium transition-colors ${
                        on ? 'border-himal-600 bg-himal-700 text-white' : 'border-slate-300 bg-white text-slate-700 hover:border-himal-400'
                      }`}
                    >
                      {on && <CheckIcon />}
                      {t(interestTextId(interest))}
                    </button>
                  )
                })}
              </div>
              <p className="mt-2 text-sm text-slate-500" aria-live="polite">
                {draft.interests.length === 0
                  ? t('tourists.chooseInterest')
                  : t('tourists.selected', { interests: draft.interests.map((interest) => t(interestTextId(interest))).join(', ') })}
              </p>
            </div>

            <PlacePicker
              label={t('tourists.yourLocation')}
              choice={place}
              onChoose={setPlace}
              stored={stored}
              show={(at) => t('tourists.latLong', { lat: formatCoordinate(at.latitude), lng: formatCoordinate(at.longitude) })}
            />

            <EmergencyInfoFields draft={emergency} onChange={setEmergency} />

            <button type="submit" className="btn-primary w-full py-3" aria-busy={loading}>
              {loading ? (
                <>
                  <SpinnerIcon /> {t('tourists.creatingProfile')}
                </>
              ) : (
                t('tourists.completeProfile')
              )}
            </button>
          </fieldset>
        </form>
      </div>
    </PageShell>
  )
}
