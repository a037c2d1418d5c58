import { useEffect, useId, useState } from 'react'
import { useT } from '../i18n/messages'
import { GEOLOCATION_FAILED, getCurrentPosition, type Coordinates } from '../lib/geolocation'
import { NEPAL_TOWNS, chooseTown, isPlace, placeToShow, townName, type NepalTown, type PlaceChoice } from '../lib/place-choice'
import { MapPinIcon, SpinnerIcon } from './icons'

/**
 * The form's place: asks the browser for its position on load (the spec), and keeps the
 * answer as a `PlaceChoice` that `placeToSend` turns into what a save sends.
 */
export function usePlaceChoice(): [PlaceChoice, (choice: PlaceChoice) => void] {
  const [choice, setChoice] = useState<PlaceChoice>({ kind: 'locating' })
  useEffect(() => {
    let live = true
    getCurrentPosition()
      .then((at) => live && setChoice({ kind: 'found', at }))
      .catch((err: unknown) => live && setChoice({ kind: 'failed', message: err instanceof Error ? err.message : GEOLOCATION_FAILED }))
    return () => {
      live = false
    }
  }, [])
  return [choice, setChoice]
}

type Props = {
  /** The heading ("Your location"). */
  label: string
  choice: PlaceChoice
  onChoose: (choice: PlaceChoice) => void
  /** The place saved before, if any: shown and kept unless another is chosen. */
  stored: Coordinates | null | undefined
  /** The coordinates in the page's own words (4 decimal places). */
  show: (at: Coordinates) => string
}

/**
 * Where a guide or traveller is: the chosen, saved or found place, what went wrong when
 * the browser gave no position, and two ways to choose one (issue 26): a town from a
 * list, or the current position.
 */
/**
 * "Choose a town": one of the towns guides are based in, for a place without the browser's
 * position (the forms, and the profile pages' location).
 */
export function TownSelect({ value, onChoose, disabled = false }: { value: NepalTown['id'] | null; onChoose: (choice: PlaceChoice) => void; disabled?: boolean }) {
  const t = useT()
  const id = useId()
  return (
    <>
      <label htmlFor={id} className="field-label">
        {t('common.placeChooseTown')}
      </label>
      <select
        id={id}
        className="field-input"
        value={value ?? ''}
        disabled={disabled}
        onChange={(e) => {
          const chosen = chooseTown(e.target.value)
          if (chosen) onChoose(chosen)
        }}
      >
        <option value="" disabled>
          {t('common.placeSelectTown')}
        </option>
        {NEPAL_TOWNS.map((option) => (
          <option key={option.id} value={option.id}>
            {t(option.name)}
          </option>
        ))}
      </select>
    </>
  )
}

export function PlacePicker({ label, choice, onChoose, stored, show }: Props) {
  const t = useT()
  const shown = placeToShow(choice, stored)
  const town = choice.kind === 'chosen' ? townName(choice.town) : null

  async function askForPosition() {
    onChoose({ kind: 'locating' })
    try {
      onChoose({ kind: 'chosen', at: await getCurrentPosition(), town: null })
    } catch (err) {
      onChoose({ kind: 'failed', message: err instanceof Error ? err.message : GEOLOCATION_FAILED })
    }
  }

  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <p className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <MapPinIcon className="text-himal-600" /> {label}
      </p>
      <div aria-live="polite" className="mt-1 text-sm text-slate-600">
        {choice.kind === 'locating' ? (
          <span className="flex items-center gap-2">
            <SpinnerIcon className="animate-spin" /> {t('app.sosFetching')}
          </span>
        ) : (
          <>
            {town && <p className="font-medium text-slate-800">{t('common.placeNear', { town: t(town) })}</p>}
            <p className="tabular-nums">{shown ? show(shown) : t('common.placeNone')}</p>
            {choice.kind === 'failed' && (
              <div className="mt-1 font-medium text-amber-800">
                <p>{t(choice.message)}</p>
                <p>{t(isPlace(stored) ? 'common.placeKept' : 'common.placeChoose')}</p>
              </div>
            )}
          </>
        )}
      </div>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <TownSelect value={choice.kind === 'chosen' ? choice.town : null} onChoose={onChoose} />
        </div>
        <button type="button" className="btn-secondary shrink-0" onClick={() => void askForPosition()} disabled={choice.kind === 'locating'}>
          <MapPinIcon /> {t('common.placeUseMyPosition')}
        </button>
      </div>
    </div>
  )
}
