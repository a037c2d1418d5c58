import { useCallback, useRef, useState } from 'react'
import { AlertIcon, CloseIcon, MapPinIcon, PhoneIcon, SpinnerIcon } from '../../components/icons'
import { getCurrentPosition } from '../../lib/geolocation'
import { buildLocationShare, shareLocation, type LocationShare } from '../../lib/location-share'
import { useDismiss } from '../../lib/use-dismiss'

export const EMERGENCY_CONTACTS = [
  { name: 'Police', number: '100' },
  { name: 'Tourist Police', number: '+977-1-4247041' },
  { name: 'Ambulance', number: '102' },
] as const

type LocationState =
  | { kind: 'idle' }
  | { kind: 'fetching' }
  | { kind: 'located'; location: LocationShare }
  | { kind: 'error'; message: string }

const telHref = (number: string) => `tel:${number.replace(/[^+\d]/g, '')}`

export function EmergencyPanel() {
  const [open, setOpen] = useState(false)
  const [state, setState] = useState<LocationState>({ kind: 'idle' })
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const close = useCallback(() => setOpen(false), [])
  useDismiss(open, close, [buttonRef, panelRef], buttonRef)

  async function handleShare() {
    setState({ kind: 'fetching' })
    try {
      const location = buildLocationShare(await getCurrentPosition())
      setState({ kind: 'located', location })
      await shareLocation(location)
    } catch (err) {
      setState({ kind: 'error', message: err instanceof Error ? err.message : 'Unable to retrieve your location' })
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
              <h2 id="emergency-title" className="font-semibold">Emergency Contacts</h2>
              <p className="text-xs text-red-100">Tap a number to call</p>
            </div>
            <button type="button" onClick={close} aria-label="Close emergency panel" className="flex h-9 w-9 items-center justify-center rounded-lg text-xl hover:bg-white/15">
              <CloseIcon />
            </button>
          </div>

          <ul className="divide-y divide-slate-100 px-2 py-1">
            {EMERGENCY_CONTACTS.map((contact) => (
              <li key={contact.name}>
                <a
                  href={telHref(contact.number)}
                  className="flex items-center justify-between gap-3 rounded-lg px-2 py-3 hover:bg-red-50"
                >
                  <span className="font-medium text-slate-800">{contact.name}</span>
                  <span className="flex items-center gap-2 font-semibold text-red-700 tabular-nums">
                    <PhoneIcon /> {contact.number}
                  </span>
                </a>
              </li>
            ))}
          </ul>

          <div className="space-y-3 border-t border-slate-100 p-4">
            <a href="tel:100" className="btn w-full bg-red-700 py-3 text-white hover:bg-red-800">
              <PhoneIcon /> Emergency Call
            </a>
            <button
              type="button"
              onClick={handleShare}
              disabled={state.kind === 'fetching'}
              className="btn-secondary w-full py-3"
            >
              {state.kind === 'fetching' ? (
                <>
                  <SpinnerIcon /> Fetching Location...
                </>
              ) : (
                <>
                  <MapPinIcon /> Share My Location
                </>
              )}
            </button>
            <div aria-live="polite">
              {state.kind === 'located' && (
                <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
                  <span className="font-medium">Your location:</span>{' '}
                  <span className="tabular-nums">
                    Lat {state.location.latitude.toFixed(4)}, Lng {state.location.longitude.toFixed(4)}
                  </span>{' '}
                  <a href={state.location.mapLink} target="_blank" rel="noreferrer" className="text-link">
                    Open map
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
        aria-label={open ? 'Close emergency panel' : 'Emergency contacts'}
        className="flex h-10 items-center gap-2 rounded-full bg-red-700 px-4 font-bold tracking-wide text-white transition hover:bg-red-800"
      >
        <span className="text-xl">{open ? <CloseIcon /> : <AlertIcon />}</span>
        SOS
      </button>
    </>
  )
}
