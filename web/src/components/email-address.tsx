import { Fragment } from 'react'

/**
 * An email address's pieces, each a place a line may end after: the name with its "@",
 * then the domain's labels, each but the first with its dot ("traveller@", "demo",
 * ".yatra", ".np"), so a wrapped address reads as one.
 */
export function emailPieces(address: string): string[] {
  const at = address.lastIndexOf('@')
  if (at < 0) return address.split(/(?=\.)/).filter(Boolean)
  const domain = address.slice(at + 1)
  return [address.slice(0, at + 1), ...domain.split(/(?=\.)/).filter(Boolean)]
}

/**
 * An email address that wraps at its "@" and before its dots, not between any two letters;
 * a piece wider than the line still breaks rather than overflow. The whole address is its title.
 */
export function EmailAddress({ address, className = '' }: { address: string; className?: string }) {
  return (
    <span className={`break-words ${className}`} title={address}>
      {emailPieces(address).map((piece, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </span>
  )
}
