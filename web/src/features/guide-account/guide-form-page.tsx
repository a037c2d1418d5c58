import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useNavigate } from 'react-router'
import { ArrowLeftIcon, ArrowRightIcon, CheckIcon, CloseIcon, SpinnerIcon } from '../../components/icons'
import { ImagePicker } from '../../components/image-picker'
import { PageShell } from '../../components/page-shell'
import { BioField } from '../../components/bio-field'
import { PlacePicker, usePlaceChoice } from '../../components/place-picker'
import { TextField } from '../../components/text-field'
import { placeToSend } from '../../lib/place-choice'
import { useClientCache } from '../../lib/cache-provider'
import { mediaUrl } from '../../lib/media-url'
import { guideChanged } from '../../lib/profile-changes'
import { useCachedQuery } from '../../lib/use-cached-query'
import { getGuideProfile, OWN_GUIDE_PROFILE_KEY, ownGuideProfileTags, type Guide } from './api/get-guide-profile'
import { saveGuideProfile } from './api/save-guide-profile'
import { uploadGuideCoverImage, uploadGuideProfileImage } from './api/upload-guide-image'
import {
  GUIDE_FORM_STEPS,
  GUIDE_PROFILE_SAVE_FAILED,
  TAGS_MAX,
  addLanguage,
  afterSavePath,
  emptyGuideDraft,
  guideProfileRequest,
  hasSavedProfile,
  mergeSavedGuide,
  validateGuideStep,
  type GuideDraft,
  type GuideFormStep,
} from './guide-form'
import { msg, useT } from '../../i18n/messages'

export const PROFILE_SUBMITTED = msg('guides.profileSubmitted')

type Progress = { done: number; total: number; label: string }

export function GuideFormPage() {
  const navigate = useNavigate()
  const cache = useClientCache()
  const t = useT()
  const [draft, setDraft] = useState<GuideDraft>(emptyGuideDraft)
  const [step, setStep] = useState<GuideFormStep>(1)
  const [progress, setProgress] = useState<Progress | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const firstRender = useRef(true)

  // Location is acquired on load; a saved place is kept unless the guide chooses another.
  const [place, setPlace] = usePlaceChoice()

  // A guide coming back to the form finds what they saved before (merged once, so a later
  // refetch does not overwrite what they are typing).
  const saved = useCachedQuery({ key: OWN_GUIDE_PROFILE_KEY, tags: ownGuideProfileTags, load: getGuideProfile })
  const editing = saved.data ? hasSavedProfile(saved.data) : false
  const [merged, setMerged] = useState(false)
  if (saved.data && !merged) {
    setMerged(true)
    setDraft((d) => mergeSavedGuide(d, saved.data as Guide))
  }

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    headingRef.current?.focus()
  }, [step])

  const set = (field: 'bio' | 'bioNe' | 'nationality' | 'pricePerDay' | 'phone' | 'address') => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: e.target.value }))

  function handleContinue() {
    const message = validateGuideStep(step, draft)
    if (message) {
      window.alert(t(message))
      return
    }
    setStep((s) => (s < 4 ? ((s + 1) as GuideFormStep) : s))
  }

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (step < 4) {
      handleContinue()
      return
    }
    for (const s of [1, 2, 3, 4] as const) {
      const message = validateGuideStep(s, draft)
      if (message) {
        window.alert(t(message))
        setStep(s)
        return
      }
    }

    const uploads: { label: string; run: () => ReturnType<typeof uploadGuideProfileImage> }[] = []
    const { profileImage, coverImage } = draft
    if (profileImage) uploads.push({ label: msg('guides.uploadingProfileImage'), run: () => uploadGuideProfileImage(profileImage, GUIDE_PROFILE_SAVE_FAILED) })
    if (coverImage) uploads.push({ label: msg('guides.uploadingCoverImage'), run: () => uploadGuideCoverImage(coverImage, GUIDE_PROFILE_SAVE_FAILED) })
    const total = 1 + uploads.length

    setProgress({ done: 0, total, label: msg('guides.savingDetails') })
    const location = placeToSend(place, saved.data?.guideDetails.location)
    const stored = await saveGuideProfile(guideProfileRequest({ ...draft, location }), GUIDE_PROFILE_SAVE_FAILED)
    if (!stored.ok) {
      setProgress(null)
      window.alert(t(stored.message))
      return
    }
    guideChanged(cache, stored.data._id)
    for (const [index, upload] of uploads.entries()) {
      setProgress({ done: index + 1, total, label: upload.label })
      const result = await upload.run()
      if (!result.ok) {
        setProgress(null)
        // The details are saved; keep the form as it is so only the image needs another go.
        setDraft((d) => mergeSavedGuide(d, stored.data))
        window.alert(t(result.message))
        return
      }
    }
    if (uploads.length > 0) guideChanged(cache, stored.data._id)
    setProgress({ done: total, total, label: msg('guides.profileSaved') })
    window.alert(t(PROFILE_SUBMITTED))
    // Certificates come next only while there are none (spec); an edit goes back to the profile.
    navigate(afterSavePath(stored.data))
  }

  const submitting = progress !== null
  const savedProfile = mediaUrl(draft.savedProfilePicture)
  const savedCover = mediaUrl(draft.savedCoverImage)

  return (
    <PageShell
      eyebrow={t('guides.guideProfile')}
      title={t(editing ? 'guides.editTitle' : 'guides.setUpTitle')}
      description={t(editing ? 'guides.editDescription' : 'guides.setUpDescription')}
    >
      <div className="card relative mx-auto -mt-16 max-w-3xl p-5 sm:-mt-32 sm:p-8">
        <StepIndicator step={step} />

        <form onSubmit={handleSubmit} noValidate className="mt-8">
          <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
            {t(GUIDE_FORM_STEPS[step - 1])}
          </h2>

          <fieldset disabled={submitting} className="mt-5 space-y-5">
            {step === 1 && (
              <>
                <BioField label={t('guides.bio')} name="bio" required placeholder={t('guides.bioPlaceholder')} value={draft.bio} onChange={set('bio')} />
                <BioField label={t('guides.bioNe')} name="bioNe" lang="ne" placeholder={t('guides.bioNePlaceholder')} value={draft.bioNe} onChange={set('bioNe')} />
                <TextField
                  label={t('guides.nationality')}
                  name="nationality"
                  required
                  maxLength={60}
                  placeholder={t('guides.nationalityPlaceholder')}
                  value={draft.nationality}
                  onChange={set('nationality')}
                />
              </>
            )}

            {step === 2 && (
              <>
                <ImagePicker
                  label={t('guides.profileImage')}
                  required
                  file={draft.profileImage}
                  currentUrl={savedProfile}
                  onChange={(file) => setDraft((d) => ({ ...d, profileImage: file }))}
                />
                <ImagePicker
                  label={t('guides.coverImageOptional')}
                  shape="wide"
                  file={draft.coverImage}
                  currentUrl={savedCover}
                  onChange={(file) => setDraft((d) => ({ ...d, coverImage: file }))}
                />
              </>
            )}

            {step === 3 && (
              <>
                <TagListField
                  id="guide-language"
                  label={t('guides.languagesYouGuideIn')}
                  required
                  placeholder={t('guides.languagePlaceholder')}
                  empty={t('guides.noLanguagesAdded')}
                  listLabel={t('guides.languages')}
                  items={draft.expertiseLanguages}
                  onChange={(expertiseLanguages) => setDraft((d) => ({ ...d, expertiseLanguages }))}
                />
                <TagListField
                  id="guide-specialty"
                  label={t('guides.specialtiesField')}
                  hint={t('guides.specialtiesHint')}
                  addLabel={t('guides.addSpecialty')}
                  placeholder={t('guides.specialtyPlaceholder')}
                  empty={t('guides.noSpecialties')}
                  listLabel={t('guides.specialties')}
                  items={draft.interests}
                  onChange={(interests) => setDraft((d) => ({ ...d, interests }))}
                />
                <PlacePicker
                  label={t('guides.yourLocation')}
                  choice={place}
                  onChoose={setPlace}
                  stored={saved.data?.guideDetails.location}
                  show={(at) => t('guides.latLong', { latitude: at.latitude, longitude: at.longitude })}
                />
              </>
            )}

            {step === 4 && (
              <>
                <TextField
                  label={t('guides.pricePerDayUsd')}
                  name="pricePerDay"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={10000}
                  step="any"
                  required
                  placeholder={t('guides.pricePlaceholder')}
                  value={draft.pricePerDay}
                  onChange={set('pricePerDay')}
                />
                <TextField
                  label={t('guides.phone')}
                  name="phone"
                  type="tel"
                  autoComplete="tel"
                  required
                  maxLength={30}
                  placeholder={t('guides.phonePlaceholder')}
                  value={draft.phone}
                  onChange={set('phone')}
                />
                <TextField
                  label={t('guides.addressOptional')}
                  name="address"
                  autoComplete="street-address"
                  maxLength={200}
                  placeholder={t('guides.addressPlaceholder')}
                  value={draft.address}
                  onChange={set('address')}
                />
              </>
            )}

            <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
              {step > 1 ? (
                <button type="button" className="btn-secondary" onClick={() => setStep((s) => (s - 1) as GuideFormStep)}>
                  <ArrowLeftIcon /> {t('guides.back')}
                </button>
              ) : (
                <span className="hidden sm:block" />
              )}
              {step < 4 ? (
                <button type="submit" className="btn-primary">
                  {t('guides.continue')} <ArrowRightIcon />
                </button>
              ) : (
                <button type="submit" className="btn-accent" aria-busy={submitting}>
                  {submitting ? (
                    <>
                      <SpinnerIcon /> {t('guides.submitting')}
                    </>
                  ) : (
                    t('guides.submitProfile')
                  )}
                </button>
              )}
            </div>
          </fieldset>

          {progress && (
            <div role="status" className="mt-5 rounded-xl bg-himal-50 p-4 text-sm text-himal-800">
              <div className="flex justify-between gap-3">
                <span>{t('guides.progressLabel', { label: t(progress.label) })}</span>
                <span className="tabular-nums">{t('guides.progressCount', { done: progress.done, total: progress.total })}</span>
              </div>
              <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-himal-100">
                <div className="h-full rounded-full bg-himal-600 transition-all" style={{ width: `${(progress.done / progress.total) * 100}%` }} />
              </div>
            </div>
          )}
        </form>
      </div>
    </PageShell>
  )
}

function StepIndicator({ step }: { step: GuideFormStep }) {
  const t = useT()
  return (
    <nav aria-label={t('guides.profileSteps')}>
      <p className="text-sm font-semibold text-himal-800 sm:hidden">{t('guides.stepOf', { step, total: GUIDE_FORM_STEPS.length })}</p>
      <ol className="mt-2 grid grid-cols-4 gap-2 sm:mt-0">
        {GUIDE_FORM_STEPS.map((title, index) => {
          const n = index + 1
          const state = n < step ? 'done' : n === step ? 'current' : 'todo'
          return (
            <li key={title} aria-current={state === 'current' ? 'step' : undefined} className="flex flex-col gap-2">
              <span className={`h-1.5 rounded-full ${state === 'todo' ? 'bg-slate-200' : 'bg-himal-600'}`} />
              <span className="flex items-center gap-2">
                <span
                  className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                    state === 'done' ? 'bg-himal-600 text-white' : state === 'current' ? 'bg-marigold-400 text-himal-950' : 'bg-slate-200 text-slate-600'
                  }`}
                >
                  {state === 'done' ? <CheckIcon /> : n}
                </span>
                <span className={`hidden text-sm font-medium lg:block ${state === 'todo' ? 'text-slate-500' : 'text-slate-900'}`}>{t(title)}</span>
                <span className="sr-only lg:hidden">{t(title)}</span>
              </span>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}

type TagListFieldProps = {
  id: string
  label: string
  hint?: string
  /** The Add button's name when the page has more than one list. */
  addLabel?: string
  required?: boolean
  placeholder: string
  empty: string
  listLabel: string
  items: string[]
  onChange: (items: string[]) => void
}

/** A short list typed one entry at a time (Enter or Add); blanks and repeats are ignored. */
function TagListField({ id, label, hint, addLabel, required, placeholder, empty, listLabel, items, onChange }: TagListFieldProps) {
  const t = useT()
  const [input, setInput] = useState('')

  function add() {
    onChange(addLanguage(items, input))
    setInput('')
  }

  function handleKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key !== 'Enter') return
    e.preventDefault()
    add()
  }

  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label} {required && <span className="text-red-600">*</span>}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="-mt-1 mb-2 text-xs text-slate-500">
          {hint}
        </p>
      )}
      <div className="flex gap-2">
        <input
          id={id}
          className="field-input"
          placeholder={placeholder}
          maxLength={40}
          aria-describedby={hint ? `${id}-hint` : undefined}
          disabled={items.length >= TAGS_MAX}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={handleKey}
        />
        <button type="button" className="btn-secondary shrink-0" onClick={add} aria-label={addLabel} disabled={items.length >= TAGS_MAX}>
          {t('guides.add')}
        </button>
      </div>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={listLabel}>
          {items.map((item) => (
            <li key={item} className="flex items-center gap-1 rounded-full bg-himal-50 py-1 pr-1 pl-3 text-sm font-medium text-himal-800">
              {item}
              <button
                type="button"
                onClick={() => onChange(items.filter((i) => i !== item))}
                aria-label={t('guides.removeItem', { item })}
                className="flex h-6 w-6 items-center justify-center rounded-full hover:bg-himal-100"
              >
                <CloseIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
