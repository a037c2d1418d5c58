/** The Yatra mark: a Himalayan ridge under a marigold sun. */
export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="#1c4f64" />
      <circle cx="21.5" cy="10.5" r="3.5" fill="#fb9f24" />
      <path d="M3 25l8-11 4.5 6 3.5-4.5L29 25z" fill="#eef7f9" />
      <path d="M11 14l2.2 3-1.6-.6-1.4 1.4-1.3-1.6z" fill="#79bacb" />
    </svg>
  )
}

export function Wordmark() {
  return (
    <span className="flex items-center gap-2">
      <LogoMark />
      <span className="font-display text-xl font-bold tracking-tight text-himal-900">Yatra</span>
    </span>
  )
}
