import { useT } from '../i18n/messages'
import { usePrivateImage } from '../lib/private-image'
import { AlertIcon, SpinnerIcon } from './icons'

type PrivateImageProps = { path: string | null | undefined; alt: string; className?: string }

/** Shows an owner-only image fetched with the bearer token. */
export function PrivateImage({ path, alt, className = '' }: PrivateImageProps) {
  const state = usePrivateImage(path)
  const t = useT()
  if (state.kind === 'ready') return <img src={state.src} alt={alt} className={`object-cover ${className}`} />
  return (
    <div
      className={`flex flex-col items-center justify-center gap-1 bg-slate-100 p-3 text-center text-xs text-slate-600 ${className}`}
      role={state.kind === 'error' ? 'img' : undefined}
      aria-label={state.kind === 'error' ? t('common.imageAltNotLoaded', { alt }) : undefined}
    >
      {state.kind === 'loading' && (
        <>
          <SpinnerIcon className="animate-spin text-lg text-himal-600" />
          <span>{t('common.loadingImage')}</span>
        </>
      )}
      {state.kind === 'error' && (
        <>
          <AlertIcon className="text-lg text-red-600" />
          <span>{t('common.imageNotLoaded')}</span>
        </>
      )}
      {state.kind === 'none' && <span>{t('common.noImage')}</span>}
    </div>
  )
}
