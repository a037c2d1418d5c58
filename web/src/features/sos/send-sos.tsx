import { useEffect, useEffectEvent, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { AlertIcon, SpinnerIcon } from '../../components/shell-icons'
import { ModalDialog } from '../../components/modal-dialog'
import { TextAreaField } from '../../components/text-area-field'
import { translate, useT } from '../../i18n/messages'
import { useAuth } from '../../lib/auth-store'
import { getCurrentPosition } from '../../lib/geolocation'
import { sendSos } from './api/send-sos'
import { deliverSos, pendingSos, watchPendingSos, type SosOutcome } from './sos-queue'

const MESSAGE_MAX = 500

export type SosState = { kind: 'idle' } | { kind: 'locating' } | { kind: 'sending' } | { kind: 'done'; outcome: SosOutcome } | { kind: 'no-location'; message: string }

export type SosAlert = {
  /** Only travellers send an SOS (the server refuses others). */
  traveller: boolean
  state: SosState
  send: (message: string) => Promise<void>
}

function initialState(): SosState {
  const pending = typeof localStorage === 'undefined' ? null : pendingSos()
  return pending ? { kind: 'done', outcome: { kind: 'queued', queuedAt: pending.queuedAt } } : { kind: 'idle' }
}

/**
 * The traveller's SOS: where it stands, and sending one. Used by the always-mounted
 * emergency button, so an alert kept offline is sent on load and when the signal returns
 * even with the panel closed; `onDelivered` then opens the panel to show who was reached.
 */
export function useSosAlert(onDelivered: () => void): SosAlert {
  const { role } = useAuth()
  const traveller = role === 'tourist'
  const [state, setState] = useState<SosState>(initialState)
  const delivered = useEffectEvent((outcome: SosOutcome) => {
    setState({ kind: 'done', outcome })
    if (outcome.kind !== 'queued') onDelivered()
  })

  useEffect(() => {
    if (!traveller) return
    return watchPendingSos((outcome) => delivered(outcome), sendSos)
  }, [traveller])

  async function send(message: string) {
    setState({ kind: 'locating' })
    let coords
    try {
      coords = await getCurrentPosition()
    } catch (err) {
      setState({ kind: 'no-location', message: err instanceof Error ? err.message : translate('sos.locationFailed') })
      return
    }
    setState({ kind: 'sending' })
    const outcome = await deliverSos({ latitude: coords.latitude, longitude: coords.longitude, message: message.trim() }, sendSos)
    setState({ kind: 'done', outcome })
  }

  return { traveller, state, send }
}

/** Who someone the alert reached is to the traveller, by the role the server names. */
const REACHED_AS: Record<string, string> = { guide: 'sos.reachedGuide', 'emergency-contact': 'sos.reachedContact' }

const bold = (chunks: ReactNode) => <strong>{chunks}</strong>

function SosResult({ state }: { state: SosState }) {
  const t = useT()
  if (state.kind === 'no-location') {
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
        {t('sos.noLocation', { reason: state.message })}
      </p>
    )
  }
  if (state.kind !== 'done') return null
  const { outcome } = state
  if (outcome.kind === 'queued') {
    return (
      <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
        {t.rich('sos.queued', { b: bold })}
      </p>
    )
  }
  if (outcome.kind === 'failed') {
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
        {t('sos.failed', { reason: outcome.message })}
      </p>
    )
  }
  const { reached } = outcome.sent
  if (reached.length === 0) {
    return (
      <div role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
        <p>{t.rich('sos.nobody', { b: bold })}</p>
        <Link to="/touristform" className="mt-1 inline-block font-semibold underline">
          {t('sos.addContact')}
        </Link>
      </div>
    )
  }
  return (
    <div role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
      <p className="font-semibold">{t('sos.reachedTitle')}</p>
      <ul className="mt-1 list-disc pl-5">
        {reached.map((person) => (
          <li key={`${person.role}-${person.name}`}>{REACHED_AS[person.role] ? t(REACHED_AS[person.role], { name: person.name }) : person.name}</li>
        ))}
      </ul>
      <p className="mt-1">{t('sos.reachedAfter')}</p>
    </div>
  )
}

/** "Send SOS to my guide", its confirmation, and what came of it, inside the emergency panel. */
export function SendSosSection({ sos }: { sos: SosAlert }) {
  const t = useT()
  const [confirming, setConfirming] = useState(false)
  const [message, setMessage] = useState('')
  if (!sos.traveller) return null
  const busy = sos.state.kind === 'locating' || sos.state.kind === 'sending'

  function confirm() {
    setConfirming(false)
    void sos.send(message).then(() => setMessage(''))
  }

  return (
    <div className="space-y-3">
      <button type="button" onClick={() => setConfirming(true)} disabled={busy} className="btn w-full bg-red-700 py-3 text-white hover:bg-red-800" aria-busy={busy}>
        {busy ? (
          <>
            <SpinnerIcon /> {sos.state.kind === 'locating' ? t('sos.locating') : t('sos.sending')}
          </>
        ) : (
          <>
            <AlertIcon /> {t('sos.send')}
          </>
        )}
      </button>
      <div aria-live="assertive">
        <SosResult state={sos.state} />
      </div>
      <ModalDialog open={confirming} title={t('sos.confirmTitle')} onClose={() => setConfirming(false)}>
        <p className="text-sm text-slate-700">{t('sos.confirmText')}</p>
        <TextAreaField
          className="mt-4"
          label={t('sos.messageLabel')}
          name="sos-message"
          rows={3}
          maxLength={MESSAGE_MAX}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
        <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={() => setConfirming(false)}>
            {t('sos.cancel')}
          </button>
          <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" onClick={confirm}>
            {t('sos.confirm')}
          </button>
        </div>
      </ModalDialog>
    </div>
  )
}
