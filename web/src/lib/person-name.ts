import { translate } from '../i18n/messages'

/**
 * The name a deleted account keeps (server/src/auth/deletion.rs: DELETED_FIRST_NAME and
 * DELETED_LAST_NAME). Bookings, messages and reviews still show it to the people who had
 * dealt with the account, so the client says it in the reader's language.
 */
const DELETED = { firstName: 'Deleted', lastName: 'user' } as const

/** 'Pemba Sherpa': a person's full name; a deleted account's as 'Deleted user' in the reader's language. */
export function personName({ firstName, lastName }: { firstName: string; lastName: string }): string {
  if (firstName === DELETED.firstName && lastName === DELETED.lastName) return translate('common.deletedUser')
  return `${firstName} ${lastName}`.trim()
}
