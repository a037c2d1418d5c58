import type { ReactNode } from 'react'

/** A titled card of a public detail page (a guide's about, languages, reviews), with an optional action beside the title. */
export function DetailSection({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section className="card p-5 sm:p-6" aria-label={title}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {action}
      </div>
      <div className="mt-3 text-sm text-slate-700">{children}</div>
    </section>
  )
}
