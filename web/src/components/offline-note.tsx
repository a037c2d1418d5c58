import type { ReactNode } from 'react'
import { useT } from '../i18n/messages'
import { formatMoment } from '../lib/booking'
import { DownloadIcon } from './icons'

/**
 * Says a page shows the offline copy, and from when; `children` say what needs a connection.
 * `copy`: a page's copy as last seen ("Offline copy from …"), not the trek pack saved for the trail.
 */
export function OfflineNote({ savedAt, copy = false, children }: { savedAt: string | null; copy?: boolean; children?: ReactNode }) {
  const t = useT()
  return (
    <div role="status" className="mb-6 flex items-start gap-3 rounded-xl border border-marigold-200 bg-marigold-50 px-4 py-3 text-sm text-marigold-900 print:hidden">
      <DownloadIcon className="mt-0.5 shrink-0 text-lg" />
      <div>
        <p className="font-semibold">{savedAt ? t(copy ? 'offline.copyFrom' : 'offline.savedOn', { when: formatMoment(savedAt) }) : t('offline.offline')}</p>
        {children && <p className="mt-0.5">{children}</p>}
      </div>
    </div>
  )
}
