/**
 * Every guide a search matches on an OpenStreetMap map (Leaflet), clustered: the points come
 * from the map's own endpoint (all matches, not the page of cards loaded so far) and
 * supercluster groups those close together at the current zoom. Loaded only when a
 * traveller opens the map, so Leaflet never weighs on a page's first load. Guides are SVG
 * circles and clusters are drawn in HTML, which need no image files; when tiles cannot load
 * (offline, blocked) the markers and their links still show on a plain background.
 */
import 'leaflet/dist/leaflet.css'
import { divIcon, type Map as LeafletMap } from 'leaflet'
import { useMemo, useState } from 'react'
import { CircleMarker, MapContainer, Marker, Popup, TileLayer, Tooltip, useMap, useMapEvents } from 'react-leaflet'
import { Link } from 'react-router'
import Supercluster, { type ClusterFeature, type PointFeature } from 'supercluster'
import { useT } from '../i18n/messages'
import { GUIDE_MAP_FAILED, GUIDE_MAP_TAGS, guideMapKey, loadGuideMap, type GuideMapAnswer, type GuidePoint } from '../lib/guide-map-points'
import { formatLocalNumber, localNumberFormat } from '../lib/intl-formats'
import type { SearchRequest } from '../lib/search-url'
import { useCachedQuery } from '../lib/use-cached-query'
import { guidePath } from './guide-card'
import { SpinnerIcon } from './icons'
import { ErrorCard } from './status-card'

/** Nepal, for when no guide has a location. */
const NEPAL_BOUNDS: [[number, number], [number, number]] = [
  [26.3, 80.0],
  [30.5, 88.2],
]

/** Beyond this zoom nothing is clustered; a cluster still whole there is guides at one spot. */
const CLUSTER_MAX_ZOOM = 16

type Cluster = ClusterFeature<GuidePoint>
type Single = PointFeature<GuidePoint>

function boundsOf(points: GuidePoint[]): [[number, number], [number, number]] {
  if (points.length === 0) return NEPAL_BOUNDS
  const lats = points.map((p) => p.lat)
  const lngs = points.map((p) => p.lng)
  return [
    [Math.min(...lats) - 0.05, Math.min(...lngs) - 0.05],
    [Math.max(...lats) + 0.05, Math.max(...lngs) + 0.05],
  ]
}

/** The clusters index of the points, built once per answer. */
function clusterIndex(points: GuidePoint[]): Supercluster<GuidePoint, GuidePoint> {
  const index = new Supercluster<GuidePoint, GuidePoint>({ radius: 56, maxZoom: CLUSTER_MAX_ZOOM })
  index.load(points.map((point) => ({ type: 'Feature', geometry: { type: 'Point', coordinates: [point.lng, point.lat] }, properties: point })))
  return index
}

type View = { bbox: [number, number, number, number]; zoom: number }

function viewOf(map: LeafletMap): View {
  const bounds = map.getBounds()
  return { bbox: [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], zoom: Math.round(map.getZoom()) }
}

/** A cluster's disc: bigger for more guides, its count in the reader's digits. */
function clusterIcon(count: number) {
  const size = count < 10 ? 36 : count < 100 ? 44 : 52
  return divIcon({
    className: 'guide-cluster',
    iconSize: [size, size],
    html: `<span class="flex h-full w-full items-center justify-center rounded-full bg-himal-700 text-sm font-bold text-white shadow-md ring-4 ring-himal-700/30">${formatLocalNumber(count)}</span>`,
  })
}

function GuideLink({ point }: { point: GuidePoint }) {
  const t = useT()
  const money = localNumberFormat({ style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
  return (
    <>
      <Link to={guidePath(point._id)} className="font-semibold">
        {point.name}
      </Link>
      {point.pricePerDay != null && <span className="block">{t('filters.perDay', { price: money.format(point.pricePerDay) })}</span>}
      {point.averageRating > 0 && <span className="block">{t('filters.rated', { rating: point.averageRating })}</span>}
    </>
  )
}

/** The clusters and guides in view, redrawn whenever the map moves or zooms. */
function Clusters({ points }: { points: GuidePoint[] }) {
  const t = useT()
  const map = useMap()
  const index = useMemo(() => clusterIndex(points), [points])
  const [view, setView] = useState(() => viewOf(map))
  useMapEvents({ moveend: () => setView(viewOf(map)) })
  const features = index.getClusters(view.bbox, view.zoom)
  return features.map((feature) => {
    const [lng, lat] = feature.geometry.coordinates
    if ('cluster' in feature.properties && feature.properties.cluster) {
      const cluster = feature as Cluster
      const { cluster_id: id, point_count: count } = cluster.properties
      const expansion = index.getClusterExpansionZoom(id)
      // Guides at one spot never split: their cluster lists them instead.
      const oneSpot = expansion > CLUSTER_MAX_ZOOM
      return (
        <Marker
          key={`cluster-${id}`}
          position={[lat, lng]}
          icon={clusterIcon(count)}
          title={t('filters.clusterLabel', { count })}
          alt={t('filters.clusterLabel', { count })}
          eventHandlers={oneSpot ? undefined : { click: () => map.flyTo([lat, lng], expansion) }}
        >
          {oneSpot && (
            <Popup>
              <ul className="max-h-60 space-y-2 overflow-y-auto">
                {index.getLeaves(id, Infinity).map((leaf) => (
                  <li key={leaf.properties._id}>
                    <GuideLink point={leaf.properties} />
                  </li>
                ))}
              </ul>
            </Popup>
          )}
        </Marker>
      )
    }
    const point = (feature as Single).properties
    return (
      <CircleMarker key={point._id} center={[lat, lng]} radius={9} className="guide-marker" pathOptions={{ color: '#ffffff', weight: 2, fillColor: '#0f5f75', fillOpacity: 0.9 }}>
        <Tooltip>{point.name}</Tooltip>
        <Popup>
          <GuideLink point={point} />
        </Popup>
      </CircleMarker>
    )
  })
}

/** What the map shows of the guides found: all, all but those without a location, or the first 5,000. */
function MapCount({ answer }: { answer: GuideMapAnswer }) {
  const t = useT()
  const shown = answer.points.length
  const text = answer.capped
    ? t('filters.mapCapped', { max: answer.pointsMax, count: answer.total })
    : shown === answer.total
      ? t('filters.mapAll', { count: answer.total })
      : t('filters.mapSome', { shown, count: answer.total })
  return (
    <p className="text-sm text-slate-600" data-testid="guide-map-count" data-shown={shown} data-total={answer.total}>
      {text}
    </p>
  )
}

export default function GuideMap({ search }: { search: SearchRequest }) {
  const t = useT()
  const query = useCachedQuery({ key: guideMapKey(search), tags: GUIDE_MAP_TAGS, load: (signal) => loadGuideMap(search, signal) })
  if (!query.data) {
    if (query.status === 'error') return <ErrorCard message={t(query.error ?? GUIDE_MAP_FAILED)} onRetry={query.reload} />
    return (
      <p role="status" className="flex h-[28rem] items-center justify-center gap-2 rounded-2xl bg-slate-100 text-sm text-slate-600">
        <SpinnerIcon className="animate-spin" /> {t('filters.mapLoading')}
      </p>
    )
  }
  const { points } = query.data
  return (
    <div className="space-y-2">
      {/* isolate: Leaflet's panes stack above z-index 400; keep them under the page's bars and dialogs. */}
      <div className="isolate h-[28rem] overflow-hidden rounded-2xl bg-slate-100 ring-1 ring-slate-200" data-testid="guide-map">
        {/* A new answer frames its own points. */}
        <MapContainer key={guideMapKey(search)} bounds={boundsOf(points)} scrollWheelZoom={false} className="h-full w-full" aria-label={t('filters.mapLabel')}>
          <TileLayer attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>' url="https://tile.openstreetmap.org/{z}/{x}/{y}.png" />
          <Clusters points={points} />
        </MapContainer>
      </div>
      <MapCount answer={query.data} />
    </div>
  )
}
