/** Decorative layered Himalayan ridgeline, drawn inline so it needs no network. */
export function MountainScene({ className = '', groundColor = '#0d2330', groundOpacity = 0.55 }: { className?: string; groundColor?: string; groundOpacity?: number }) {
  return (
    <svg className={className} viewBox="0 40 1440 380" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="ridge-far" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#aed7e1" stopOpacity="0.55" />
          <stop offset="1" stopColor="#79bacb" stopOpacity="0.25" />
        </linearGradient>
        <linearGradient id="ridge-mid" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#3f94ad" stopOpacity="0.55" />
          <stop offset="1" stopColor="#1d607a" stopOpacity="0.6" />
        </linearGradient>
      </defs>
      <path
        d="M0 300 L120 200 L190 240 L300 110 L360 160 L420 120 L520 230 L610 150 L700 60 L760 110 L820 90 L930 210 L1030 130 L1110 180 L1200 80 L1290 170 L1380 140 L1440 190 L1440 420 L0 420Z"
        fill="url(#ridge-far)"
      />
      <path d="M690 72 L700 60 L760 110 L742 104 L726 118 L712 96 L700 104Z" fill="#ffffff" fillOpacity="0.85" />
      <path d="M1188 94 L1200 80 L1240 122 L1226 118 L1212 130 L1200 110Z" fill="#ffffff" fillOpacity="0.8" />
      <path d="M292 120 L300 110 L334 138 L318 136 L306 148Z" fill="#ffffff" fillOpacity="0.75" />
      <path d="M0 340 L140 260 L250 310 L380 220 L470 280 L580 240 L690 300 L820 210 L940 290 L1060 240 L1180 300 L1300 230 L1440 290 L1440 420 L0 420Z" fill="url(#ridge-mid)" />
      <path d="M0 380 L160 330 L320 370 L480 320 L640 365 L800 330 L960 372 L1120 335 L1280 370 L1440 340 L1440 420 L0 420Z" fill={groundColor} fillOpacity={groundOpacity} />
    </svg>
  )
}
