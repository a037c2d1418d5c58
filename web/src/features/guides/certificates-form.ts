export const CERTIFICATES_INCOMPLETE = 'Please fill in all fields and upload a file for each certificate.'

/** The server takes 1 to 10 certificates in one submission. */
export const MAX_CERTIFICATES = 10

export type CertificateEntry = {
  /** Local key for React lists only; never sent. */
  key: number
  name: string
  issuingOrganization: string
  issueDate: string
  file: File | null
}

let nextKey = 1
export function newCertificateEntry(): CertificateEntry {
  return { key: nextKey++, name: '', issuingOrganization: '', issueDate: '', file: null }
}

/** Every entry needs name, issuing organisation, issue date and a file. */
export function validateCertificates(entries: readonly CertificateEntry[]): string | null {
  const complete = entries.every((e) => e.name.trim() && e.issuingOrganization.trim() && e.issueDate && e.file)
  return entries.length > 0 && complete ? null : CERTIFICATES_INCOMPLETE
}

/** Remove is offered only while more than one entry exists: at least one always stays. */
export function canRemoveCertificate(entries: readonly CertificateEntry[]): boolean {
  return entries.length > 1
}

export function removeCertificate(entries: readonly CertificateEntry[], key: number): CertificateEntry[] {
  if (!canRemoveCertificate(entries)) return [...entries]
  return entries.filter((e) => e.key !== key)
}
