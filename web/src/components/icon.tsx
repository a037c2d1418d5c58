import type { SVGProps } from 'react'

export type IconProps = SVGProps<SVGSVGElement>

/** The frame every icon shares: a 24-unit stroke drawing, 1em square, hidden from screen readers. */
export function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      width="1em"
      height="1em"
      {...props}
    >
      {children}
    </svg>
  )
}
