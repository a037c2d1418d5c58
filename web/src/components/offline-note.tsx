import type { ReactNode } from 'react'
import { useT } from '../i18n/messages'
import { DownloadIcon } from './icons'

/** Says a page shows the offline copy, and from when; `children` say what needs a connection. */
export function OfflineNote({ savedAt, children }: { savedAt: string | null; children?: ReactNode }) {
  const t = useT()
  return (
    <div role="status" className="mb-6 flex items-start gap-3 rounded-xl border border-marigold-200 bg-marigold-50 px-4 py-3 text-sm text-marigold-900 print:hidden">
      <DownloadIcon className="mt-0.5 shrink-0 text-lg" />
      <div>
        <p className="font-semibold">{savedAt ? t('offline.savedOn', { when: new Date(savedAt) }) : t('offline.offline')}</p>
        {children && <p className="mt-0.5">{children}</p>}
      </div>
    </div>
  )
}
