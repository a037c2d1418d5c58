import { translate } from '../../i18n/messages'
import type { EmergencyInfo } from './api/emergency-info'

/**
 * The traveller form's emergency section: who to call and who pays for a rescue. All of
 * it is optional; the rules between fields are the server's (`sos/emergency_info.rs`),
 * checked here first with the same messages so the form can say so before sending.
 */
export type EmergencyDraft = EmergencyInfo

export const emptyEmergencyDraft: EmergencyDraft = {
  contactName: '',
  contactPhone: '',
  contactEmail: '',
  insuranceProvider: '',
  insurancePolicyNumber: '',
  insuranceEmergencyPhone: '',
}

/** Digits with the usual separators and an optional leading +, at least six digits. */
export function isPhoneNumber(text: string): boolean {
  const body = text.startsWith('+') ? text.slice(1) : text
  return /^[\d ()-]+$/.test(body) && (body.match(/\d/g)?.length ?? 0) >= 6
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The first unmet rule's message (in the reader's language), or null. */
export function validateEmergency(draft: EmergencyDraft): string | null {
  const d = trimEmergency(draft)
  if (d.contactPhone && !isPhoneNumber(d.contactPhone)) return translate('sos.contactPhoneInvalid')
  if (d.contactEmail && !EMAIL.test(d.contactEmail)) return translate('sos.contactEmailInvalid')
  if (d.insuranceEmergencyPhone && !isPhoneNumber(d.insuranceEmergencyPhone)) return translate('sos.insurancePhoneInvalid')
  const hasWay = Boolean(d.contactPhone || d.contactEmail)
  if (!d.contactName && hasWay) return translate('sos.contactNameRequired')
  if (d.contactName && !hasWay) return translate('sos.contactWayRequired')
  if (!d.insuranceProvider && (d.insurancePolicyNumber || d.insuranceEmergencyPhone)) return translate('sos.providerRequired')
  return null
}

export function trimEmergency(draft: EmergencyDraft): EmergencyDraft {
  return Object.fromEntries(Object.entries(draft).map(([key, value]) => [key, value.trim()])) as EmergencyDraft
}
