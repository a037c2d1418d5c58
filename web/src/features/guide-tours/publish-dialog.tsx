import { useId, useState } from 'react'
import { Link } from 'react-router'
import { FormAlert } from '../../components/form-alert'
import { SpinnerIcon } from '../../components/icons'
import { ModalDialog } from '../../components/modal-dialog'
import { useT } from '../../i18n/messages'
import { AcclimatisationPanel } from '../tours/acclimatisation-panel'
import { publishTour, type Acclimatisation, type Tour } from '../tours/api/tours'

/** Where a guide adds or renews their licence and certificates. */
export const CERTIFICATES_PATH = '/kycform'

export type PublishState =
  | { step: 'idle' }
  | { step: 'publishing'; tourId: string }
  | { step: 'acknowledge'; tourId: string; acclimatisation: Acclimatisation }
  | { step: 'failed'; tourId: string; message: string; forbidden: boolean }

/**
 * Publishing a tour: asked once; a high-risk tour comes back with its altitude warnings,
 * which the guide reads and acknowledges in a dialog before it is asked again.
 */
export function usePublish(onPublished: (tour: Tour) => void) {
  const [state, setState] = useState<PublishState>({ step: 'idle' })

  async function publish(tourId: string, acknowledge = false) {
    setState({ step: 'publishing', tourId })
    const result = await publishTour(tourId, acknowledge)
    if (result.ok) {
      setState({ step: 'idle' })
      onPublished(result.data)
    } else if (result.status === 409 && result.acclimatisation) {
      setState({ step: 'acknowledge', tourId, acclimatisation: result.acclimatisation })
    } else {
      setState({ step: 'failed', tourId, message: result.message, forbidden: result.status === 403 })
    }
  }

  return { state, publish, reset: () => setState({ step: 'idle' }) }
}

/** The altitude warnings of a high-risk tour, and the guide's acknowledgement before it is published. */
export function AcknowledgeDialog({ state, onPublish, onClose }: { state: PublishState; onPublish: (tourId: string) => void; onClose: () => void }) {
  const t = useT()
  const checkId = useId()
  const [read, setRead] = useState(false)
  const open = state.step === 'acknowledge' || (state.step === 'publishing' && read)
  const [shown, setShown] = useState<Acclimatisation | null>(null)
  if (state.step === 'acknowledge' && shown !== state.acclimatisation) setShown(state.acclimatisation)
  // Each high-risk tour is acknowledged on its own.
  if (state.step === 'idle' && read) setRead(false)

  function close() {
    setRead(false)
    onClose()
  }

  const busy = state.step === 'publishing'
  return (
    <ModalDialog open={open} title={t('guideTours.acknowledgeTitle')} onClose={close}>
      <div className="space-y-4">
        <p className="text-sm text-slate-700">{t('guideTours.acknowledgeIntro')}</p>
        {shown && <AcclimatisationPanel acclimatisation={shown} headingLevel="h3" />}
        <label htmlFor={checkId} className="flex items-start gap-3 rounded-xl bg-slate-50 p-3 text-sm font-medium text-slate-800">
          <input id={checkId} type="checkbox" checked={read} onChange={(e) => setRead(e.target.checked)} className="mt-0.5 size-5 shrink-0 accent-himal-700" />
          {t('guideTours.acknowledgeCheckbox')}
        </label>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={close} disabled={busy}>
            {t('guideTours.cancel')}
          </button>
          <button
            type="button"
            className="btn-primary"
            disabled={!read || busy}
            aria-busy={busy}
            onClick={() => {
              if (state.step === 'acknowledge') onPublish(state.tourId)
            }}
          >
            {busy && <SpinnerIcon className="animate-spin" />} {t('guideTours.publishAnyway')}
          </button>
        </div>
      </div>
    </ModalDialog>
  )
}

/** Why a publish failed; a guide without a verified, valid licence is sent to their certificates. */
export function PublishError({ state }: { state: PublishState }) {
  const t = useT()
  if (state.step !== 'failed') return null
  return (
    <FormAlert tone="error">
      {state.message}
      {state.forbidden && (
        <>
          {' '}
          <Link to={CERTIFICATES_PATH} className="font-semibold underline underline-offset-2">
            {t('guideTours.goToCertificates')}
          </Link>
        </>
      )}
    </FormAlert>
  )
}
