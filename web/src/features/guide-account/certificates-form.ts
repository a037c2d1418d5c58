import { msg } from '../../i18n/messages'

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
