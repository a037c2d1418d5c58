import type { ReactNode } from 'react'
import { MountainScene } from './mountain-scene'

type PageShellProps = {
  title: string
  eyebrow?: string
  description?: string
  children?: ReactNode
}

/** The standard page frame: a titled header band and a content container. */
export function PageShell({ title, eyebrow, description, children }: PageShellProps) {
  return (
    <div>
      <header className="relative isolate overflow-hidden bg-gradient-to-b from-himal-100 via-himal-50 to-slate-50">
        <MountainScene className="pointer-events-none absolute inset-x-0 bottom-0 -z-10 h-24 w-full opacity-50 sm:h-32" groundColor="#f8fafc" groundOpacity={1} />
        <div className="mx-auto max-w-6xl px-4 pt-10 pb-20 sm:px-6 sm:pt-14 sm:pb-28 lg:px-8">
          {eyebrow && <p className="text-xs font-semibold tracking-widest text-marigold-700 uppercase">{eyebrow}</p>}
          <h1 className="mt-2 font-display text-3xl font-bold tracking-tight text-himal-900 sm:text-4xl">{title}</h1>
          {description && <p className="mt-3 max-w-2xl text-base text-slate-600 sm:text-lg">{description}</p>}
        </div>
      </header>
      {children && <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8">{children}</div>}
    </div>
  )
}
