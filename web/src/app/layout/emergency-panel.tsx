import { useCallback, useRef, useState } from 'react'
import { EmergencyNumbers } from '../../components/emergency-numbers'
import { AlertIcon, CloseIcon, MapPinIcon, PhoneIcon, SpinnerIcon } from '../../components/shell-icons'
import { useT } from '../../i18n/messages'
import { getCurrentPosition } from '../../lib/geolocation'
import { buildLocationShare, shareLocation, type LocationShare } from '../../lib/location-share'
import { useDismiss } from '../../lib/use-dismiss'
import { SendSosSection, useSosAlert } from '../../features/sos/send-sos'

type LocationState = { kind: 'idle' } | { kind: 'fetching' } | { kind: 'located'; location: LocationShare } | { kind: 'error'; message: string }

export function EmergencyPanel() {
  const [open, setOpen] = useState(false)
  const t = useT()
  const [state, setState] = useState<LocationState>({ kind: 'idle' })
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const close = useCallback(() => setOpen(false), [])
  // An SOS kept offline may go out on reconnection: open the panel to show who it reached.
  const sos = useSosAlert(() => setOpen(true))
  useDismiss(open, close, [buttonRef, panelRef], buttonRef)

  async function handleShare() {
    setState({ kind: 'fetching' })
    try {
      const location = buildLocationShare(await getCurrentPosition())
      setState({ kind: 'located', location })
      await shareLocation(location)
    } catch (err) {
      setState({ kind: 'error', message: err instanceof Error ? err.message : t('app.sosLocationFailed') })
    }
  }

  return (
    <>
      {open && (
        <div
          ref={panelRef}
          id="emergency-panel"
          role="dialog"
          aria-labelledby="emergency-title"
          className="fixed bottom-16 left-4 z-50 max-h-[calc(100dvh-5rem)] w-[calc(100vw-2rem)] max-w-sm overflow-y-auto rounded-2xl border border-red-200 bg-white shadow-float sm:left-6"
        >
          <div className="flex items-center gap-3 bg-red-700 px-4 py-3 text-white">
            <span className="text-2xl">
              <AlertIcon />
            </span>
            <div className="flex-1">
              <h2 id="emergency-title" className="font-semibold">
                {t('app.sosTitle')}
              </h2>
              <p className="text-xs text-red-100">{t('app.sosTapToCall')}</p>
            </div>
            <button type="button" onClick={close} aria-label={t('app.sosClose')} className="flex h-9 w-9 items-center justify-center rounded-lg text-xl hover:bg-white/15">
              <CloseIcon />
            </button>
          </div>

          <EmergencyNumbers className="px-2 py-1" />

          <div className="space-y-3 border-t border-slate-100 p-4">
            <SendSosSection sos={sos} />
            <a href="tel:100" className="btn w-full bg-red-700 py-3 text-white hover:bg-red-800">
              <PhoneIcon /> {t('app.sosCall')}
            </a>
            <button type="button" onClick={handleShare} disabled={state.kind === 'fetching'} className="btn-secondary w-full py-3">
              {state.kind === 'fetching' ? (
                <>
                  <SpinnerIcon /> {t('app.sosFetching')}
                </>
              ) : (
                <>
                  <MapPinIcon /> {t('app.sosShare')}
                </>
              )}
            </button>
            <div aria-live="polite">
              {state.kind === 'located' && (
                <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
                  <span className="font-medium">{t('app.sosYourLocation')}</span>{' '}
                  <span className="tabular-nums">{t('app.sosLatLng', { lat: state.location.latitude.toFixed(4), lng: state.location.longitude.toFixed(4) })}</span>{' '}
                  <a href={state.location.mapLink} target="_blank" rel="noreferrer" className="text-link">
                    {t('app.sosOpenMap')}
                  </a>
                </p>
              )}
              {state.kind === 'error' && (
                <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                  {state.message}
                </p>
              )}
            </div>
          </div>
        </div>
      )}
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        aria-controls="emergency-panel"
        aria-label={open ? t('app.sosClose') : t('app.sosOpen')}
        className="flex h-10 items-center gap-2 rounded-full bg-red-700 px-4 font-bold tracking-wide text-white transition hover:bg-red-800"
      >
        <span className="text-xl">{open ? <CloseIcon /> : <AlertIcon />}</span>
        {t('app.sosButton')}
      </button>
    </>
  )
}
