import { msg } from '../../i18n/messages'
import type { Certification, Guide } from './api/get-guide-profile'

type Verification = Guide['guideDetails']['verification']

export const CERTIFICATES_INCOMPLETE = msg('guides.certificatesIncomplete')

/** The server takes 1 to 10 certificates in one submission. */
export const MAX_CERTIFICATES = 10

export type CertificateEntry = {
  /** Local key for React lists only; never sent. */
  key: number
  name: string
  issuingOrganization: string
  issueDate: string
  /** A guide licence's number and last valid day (issue 15); empty for other certificates. */
  licenceNumber: string
  expiresOn: string
  file: File | null
}

/** Not in the spec (issue 15): why the licence's number and expiry are asked for. */
export const LICENCE_HINT = msg('guides.licenceHint')
export const LICENCE_INCOMPLETE = msg('guides.licenceIncomplete')

let nextKey = 1
export function newCertificateEntry(): CertificateEntry {
  return { key: nextKey++, name: '', issuingOrganization: '', issueDate: '', licenceNumber: '', expiresOn: '', file: null }
}

/** Every entry needs name, issuing organisation, issue date and a file. */
export function validateCertificates(entries: readonly CertificateEntry[]): string | null {
  const complete = entries.every((e) => e.name.trim() && e.issuingOrganization.trim() && e.issueDate && e.file)
  if (!(entries.length > 0 && complete)) return CERTIFICATES_INCOMPLETE
  // The server checks the dates; here only that a licence has both its parts.
  if (entries.some((e) => (e.licenceNumber.trim() === '') !== (e.expiresOn === ''))) return LICENCE_INCOMPLETE
  return null
}

/** Remove is offered only while more than one entry exists: at least one always stays. */
export function canRemoveCertificate(entries: readonly CertificateEntry[]): boolean {
  return entries.length > 1
}

export function removeCertificate(entries: readonly CertificateEntry[], key: number): CertificateEntry[] {
  if (!canRemoveCertificate(entries)) return [...entries]
  return entries.filter((e) => e.key !== key)
}

/**
 * A certificate's status as the guide sees it (issue 26). Admins review a guide's
 * certificates together, so the status is the latest review's, except that a licence past
 * its last valid day is expired whatever the review said.
 */
export type CertificateStatus = 'verified' | 'inReview' | 'rejected' | 'notSubmitted' | 'expired'

export const CERTIFICATE_STATUS_TEXT: Record<CertificateStatus, string> = {
  verified: msg('guides.certificateVerified'),
  inReview: msg('guides.certificateInReview'),
  rejected: msg('guides.certificateRejected'),
  notSubmitted: msg('guides.certificateNotSubmitted'),
  expired: msg('guides.certificateExpired'),
}

export function certificateStatus(certificate: Pick<Certification, 'expiresOn'>, review: Verification['state'], today: string): CertificateStatus {
  if (certificate.expiresOn !== null && certificate.expiresOn < today) return 'expired'
  switch (review) {
    case 'approved':
      return 'verified'
    case 'submitted':
      return 'inReview'
    case 'rejected':
      return 'rejected'
    default:
      return 'notSubmitted'
  }
}

/** How many more certificates the server takes beside those kept. */
export function roomForMore(kept: number): number {
  return Math.max(0, MAX_CERTIFICATES - kept)
}
