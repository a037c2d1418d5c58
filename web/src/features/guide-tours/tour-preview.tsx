import { useT } from '../../i18n/messages'
import { formatDollars } from '../../lib/money'
import { formatLocalNumber } from '../../lib/intl-formats'
import { AcclimatisationPanel } from '../tours/acclimatisation-panel'
import { AltitudeProfile } from '../tours/altitude-profile'
import type { Acclimatisation, TourPhoto, TourRequest } from '../tours/api/tours'
import { TourGallery } from '../tours/tour-gallery'

/** The tour as travellers will see it, from what is typed now (nothing is saved). */
export function TourPreview({
  tour,
  photos,
  acclimatisation,
  destinationName,
}: {
  tour: TourRequest
  /** The tour's saved photos, in order. */
  photos: readonly TourPhoto[]
  acclimatisation: Acclimatisation | null
  destinationName: string | null
}) {
  const t = useT()
  const days = tour.days ?? []
  const pricing = [...(tour.pricing ?? [])].sort((a, b) => a.minPeople - b.minPeople)
  const profileDays = days.map((d) => ({ sleepPlace: d.sleepPlace ?? '', sleepAltitudeM: d.sleepAltitudeM ?? null }))
  return (
    <article className="space-y-6" aria-label={t('guideTours.previewLabel')} data-testid="tour-preview">
      <p className="rounded-xl bg-himal-50 px-4 py-2 text-sm text-himal-900">{t('guideTours.previewNote')}</p>
      <TourGallery photos={photos} title={tour.title || t('guideTours.untitled')} />
      <header>
        {destinationName && <p className="text-xs font-semibold tracking-wide text-himal-700 uppercase">{destinationName}</p>}
        <h2 className="font-display text-2xl font-bold break-words text-slate-900">{tour.title || t('guideTours.untitled')}</h2>
        <p className="mt-1 text-sm text-slate-600">
          {t('guideTours.previewFacts', { days: days.length, group: formatLocalNumber(tour.maxGroupSize) })} · {t('guideTours.bookingModeName', { mode: tour.bookingMode })}
        </p>
        {tour.summary && <p className="mt-3 whitespace-pre-line text-slate-700">{tour.summary}</p>}
      </header>

      {pricing.length > 0 && (
        <section>
          <h3 className="text-base font-semibold text-slate-900">{t('guideTours.pricing')}</h3>
          <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200">
            {pricing.map((tier) => (
              <li key={tier.minPeople} className="flex justify-between gap-3 px-4 py-2 text-sm">
                <span>
                  {t('guideTours.tierRange', {
                    min: formatLocalNumber(tier.minPeople),
                    max: formatLocalNumber(tier.maxPeople),
                    same: tier.minPeople === tier.maxPeople ? 'yes' : 'no',
                  })}
                </span>
                <span className="font-semibold">{Number.isFinite(tier.pricePerPersonUsd) ? t('guideTours.perPerson', { price: formatDollars(tier.pricePerPersonUsd) }) : '—'}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      {acclimatisation && (
        <div className="grid gap-4 lg:grid-cols-2">
          <AltitudeProfile days={profileDays} warnings={acclimatisation.warnings} />
          <AcclimatisationPanel acclimatisation={acclimatisation} headingLevel="h3" />
        </div>
      )}

      <section>
        <h3 className="text-base font-semibold text-slate-900">{t('guideTours.itinerary')}</h3>
        <ol className="mt-2 space-y-3">
          {days.map((day, i) => (
            <li key={i} className="rounded-xl border border-slate-200 p-4">
              <p className="font-semibold text-slate-900">
                {t('guideTours.dayHeading', { day: formatLocalNumber(i + 1) })} · {day.title || t('guideTours.untitled')}
              </p>
              {day.description && <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{day.description}</p>}
              <p className="mt-1 text-xs text-slate-500">
                {day.sleepAltitudeM === null || day.sleepAltitudeM === undefined
                  ? t('guideTours.tourEnds')
                  : t('guideTours.sleepsAt', { place: day.sleepPlace ?? '', metres: formatLocalNumber(day.sleepAltitudeM) })}
                {day.walkHours !== null && day.walkHours !== undefined && ` · ${t('guideTours.walkHoursValue', { hours: formatLocalNumber(day.walkHours) })}`}
              </p>
            </li>
          ))}
        </ol>
      </section>

      {((tour.included ?? []).length > 0 || (tour.excluded ?? []).length > 0) && (
        <div className="grid gap-4 sm:grid-cols-2">
          <section>
            <h3 className="text-base font-semibold text-slate-900">{t('guideTours.included')}</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
              {(tour.included ?? []).map((item, i) => (
                <li key={i}>{item}</li>
              ))}
            </ul>
          </section>
          <section>
            <h3 className="text-base font-semibold text-slate-900">{t('guideTours.excluded')}</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
              {(tour.excluded ?? []).map((item, i) => (
                <li key={i}>{item}</li>
              ))}
            </ul>
          </section>
        </div>
      )}
      {tour.meetingPoint && <p className="text-sm text-slate-700">{t('guideTours.meetingPointValue', { place: tour.meetingPoint })}</p>}
    </article>
  )
}
