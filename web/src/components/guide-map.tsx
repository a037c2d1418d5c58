/**
 * Guides on an OpenStreetMap map (Leaflet). Loaded only when a traveller opens the map, so
 * Leaflet never weighs on a page's first load. Markers are drawn as SVG circles, which need
 * no image files; when tiles cannot load (offline, blocked) the markers and their links
 * still show on a plain background.
 */
import 'leaflet/dist/leaflet.css'
import { CircleMarker, MapContainer, Popup, TileLayer, Tooltip } from 'react-leaflet'
import { Link } from 'react-router'
import { useT } from '../i18n/messages'
import type { GuideSummary } from '../lib/list-guides'
import { localNumberFormat } from '../lib/intl-formats'
import { guidePath } from './guide-card'

/** Nepal, for when no guide has a location. */
const NEPAL_BOUNDS: [[number, number], [number, number]] = [
  [26.3, 80.0],
  [30.5, 88.2],
]

type Located = GuideSummary & { location: { latitude: number; longitude: number } }

export default function GuideMap({ guides }: { guides: GuideSummary[] }) {
  const t = useT()
  const located = guides.filter((guide): guide is Located => guide.location != null)
  const money = localNumberFormat({ style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
  const bounds: [[number, number], [number, number]] =
    located.length > 0
      ? [
          [Math.min(...located.map((g) => g.location.latitude)) - 0.05, Math.min(...located.map((g) => g.location.longitude)) - 0.05],
          [Math.max(...located.map((g) => g.location.latitude)) + 0.05, Math.max(...located.map((g) => g.location.longitude)) + 0.05],
        ]
      : NEPAL_BOUNDS
  return (
    <div className="space-y-2">
      {/* isolate: Leaflet's panes stack above z-index 400; keep them under the page's bars and dialogs. */}
      <div className="isolate h-[28rem] overflow-hidden rounded-2xl bg-slate-100 ring-1 ring-slate-200" data-testid="guide-map">
        <MapContainer bounds={bounds} scrollWheelZoom={false} className="h-full w-full" aria-label={t('filters.mapLabel')}>
          <TileLayer attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>' url="https://tile.openstreetmap.org/{z}/{x}/{y}.png" />
          {located.map((guide) => {
            const name = `${guide.firstName} ${guide.lastName}`
            return (
              <CircleMarker
                key={guide._id}
                center={[guide.location.latitude, guide.location.longitude]}
                radius={9}
                className="guide-marker"
                pathOptions={{ color: '#ffffff', weight: 2, fillColor: '#0f5f75', fillOpacity: 0.9 }}
              >
                <Tooltip>{name}</Tooltip>
                <Popup>
                  <p className="font-semibold">
                    <Link to={guidePath(guide._id)}>{name}</Link>
                  </p>
                  <p>{guide.contactInfo.address}</p>
                  {guide.pricePerDay != null && <p>{t('filters.perDay', { price: money.format(guide.pricePerDay) })}</p>}
                </Popup>
              </CircleMarker>
            )
          })}
        </MapContainer>
      </div>
      <p className="text-sm text-slate-600">{t('filters.onMap', { shown: located.length, count: guides.length })}</p>
    </div>
  )
}
