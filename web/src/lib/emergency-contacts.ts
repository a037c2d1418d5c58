import { msg } from '../i18n/messages'

/** Nepal's emergency numbers (spec: the emergency panel); kept in every offline trek pack too. `name` is a text id. */
export const EMERGENCY_CONTACTS = [
  { name: msg('app.sosPolice'), number: '100' },
  { name: msg('app.sosTouristPolice'), number: '+977-1-4247041' },
  { name: msg('app.sosAmbulance'), number: '102' },
] as const

export type EmergencyContact = { name: string; number: string }

/** A number as a `tel:` link: digits and a leading plus only. */
export const telHref = (number: string) => `tel:${number.replace(/[^+\d]/g, '')}`
