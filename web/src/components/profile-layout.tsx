import type { ReactNode } from 'react'
import { translate, useT } from '../i18n/messages'
import { localDateFormat } from '../lib/intl-formats'
import { SpinnerIcon, UserIcon } from './icons'

/** The cover band and round photo at the top of both profile pages. */
export function ProfileCover({ cover, photo, name, editor }: { cover: string | null; photo: string | null; name: string; editor?: ReactNode }) {
  const t = useT()
  return (
    <div className="relative">
      <div className="h-40 overflow-hidden rounded-b-3xl bg-gradient-to-br from-himal-700 via-himal-500 to-marigold-300 sm:h-60 sm:rounded-3xl">
        {cover && <img src={cover} alt={t('common.coverAlt', { name })} className="h-full w-full object-cover" />}
      </div>
      <div className="absolute -bottom-14 left-5 sm:left-8">
        <div className="flex h-28 w-28 items-center justify-center overflow-hidden rounded-full border-4 border-white bg-himal-100 text-5xl text-himal-400 shadow-card sm:h-32 sm:w-32">
          {photo ? <img src={photo} alt={t('common.profileAlt', { name })} className="h-full w-full object-cover" /> : <UserIcon />}
        </div>
      </div>
      {editor}
    </div>
  )
}

export function ProfileSection({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section className="card p-5 sm:p-6" aria-label={title}>
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {action}
      </div>
      <div className="mt-3 text-sm text-slate-700">{children}</div>
    </section>
  )
}

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-2">
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-800">{children}</dd>
    </div>
  )
}

export function Chips({ items, empty }: { items: readonly string[]; empty: string }) {
  if (items.length === 0) return <p className="text-slate-500">{empty}</p>
  return (
    <ul className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li key={item} className="rounded-full bg-himal-50 px-3 py-1 text-sm font-medium text-himal-800">
          {item}
        </li>
      ))}
    </ul>
  )
}

export function NotSet() {
  const t = useT()
  return <span className="text-slate-500">{t('common.notSet')}</span>
}

/**
 * The bottom bar of edit mode. On a phone it floats above the emergency and assistant
 * buttons so neither covers Save or Cancel; from `sm` up it spans the bottom edge.
 */
export function EditBar({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  const t = useT()
  return (
    <div className="fixed inset-x-3 bottom-16 z-40 rounded-2xl border border-slate-200 bg-white/95 shadow-float backdrop-blur sm:inset-x-0 sm:bottom-14 sm:rounded-none sm:border-x-0 sm:border-b-0 sm:shadow-none">
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-3 py-3 sm:justify-end sm:px-24 lg:px-8">
        <span className="mr-auto hidden text-sm text-slate-600 sm:block">{t('common.editingProfile')}</span>
        <button type="button" className="btn-secondary flex-1 sm:flex-none" onClick={onCancel} disabled={saving}>
          {t('common.cancel')}
        </button>
        <button type="submit" form="profile-edit" className="btn-primary flex-1 sm:flex-none" disabled={saving} aria-busy={saving}>
          {saving ? (
            <>
              <SpinnerIcon /> {t('common.saving')}
            </>
          ) : (
            t('common.save')
          )}
        </button>
      </div>
    </div>
  )
}

export function joinedDate(createdAt: string | null | undefined): string {
  if (!createdAt) return ''
  const date = new Date(createdAt)
  if (Number.isNaN(date.getTime())) return ''
  return translate('common.joined', { date: localDateFormat({ month: 'long', year: 'numeric' }, 'en-US').format(date) })
}
