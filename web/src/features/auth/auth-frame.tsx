import type { ReactNode } from 'react'
import { CheckIcon } from '../../components/icons'
import { msg, useT } from '../../i18n/messages'
import { MountainScene } from '../../components/mountain-scene'

type AuthFrameProps = { title: string; subtitle: string; children: ReactNode }

const promises = [msg('auth.promise1'), msg('auth.promise2'), msg('auth.promise3')]

/** Two-panel frame for sign-in and sign-up: a brand panel beside the form card. */
export function AuthFrame({ title, subtitle, children }: AuthFrameProps) {
  const t = useT()
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:px-6 sm:py-12 lg:grid-cols-2 lg:items-stretch lg:px-8">
      <aside className="relative hidden overflow-hidden rounded-3xl bg-gradient-to-br from-himal-800 via-himal-700 to-himal-900 p-10 text-white lg:flex lg:flex-col">
        <p className="text-xs font-semibold tracking-widest text-marigold-300 uppercase">{t('auth.brandEyebrow')}</p>
        <h2 className="mt-4 font-display text-3xl leading-tight font-bold">{t('auth.brandTitle')}</h2>
        <ul className="mt-8 space-y-4 text-himal-50">
          {promises.map((line) => (
            <li key={line} className="flex items-start gap-3">
              <span className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-marigold-400 text-sm text-himal-950">
                <CheckIcon />
              </span>
              <span>{t(line)}</span>
            </li>
          ))}
        </ul>
        <MountainScene className="pointer-events-none absolute inset-x-0 bottom-0 h-56 w-full" />
      </aside>
      <section className="card mx-auto w-full max-w-md p-6 sm:p-8 lg:max-w-none lg:p-10">
        <h1 className="font-display text-3xl font-bold tracking-tight text-himal-900">{title}</h1>
        <p className="mt-2 text-slate-600">{subtitle}</p>
        <div className="mt-8">{children}</div>
      </section>
    </div>
  )
}
