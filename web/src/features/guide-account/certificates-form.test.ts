import { beforeAll, describe, expect, it } from 'vitest'
import {
  CERTIFICATES_INCOMPLETE,
  LICENCE_INCOMPLETE,
  canRemoveCertificate,
  certificateStatus,
  roomForMore,
  newCertificateEntry,
  removeCertificate,
  validateCertificates,
} from './certificates-form'
import { loadTexts } from '../../i18n/messages'

beforeAll(() => loadTexts(['guides']))

const file = new File(['x'], 'licence.png', { type: 'image/png' })
const complete = () => ({ ...newCertificateEntry(), name: 'Trekking Guide Licence', issuingOrganization: 'Nepal Tourism Board', issueDate: '2023-04-01', file })

describe('certificate entries', () => {
  it('accepts entries with every field and a file', () => {
    expect(validateCertificates([complete(), complete()])).toBeNull()
  })

  it.each([
    ['name', { name: '  ' }],
    ['issuing organisation', { issuingOrganization: '' }],
    ['issue date', { issueDate: '' }],
    ['file', { file: null }],
  ])('rejects an entry without its %s', (_, change) => {
    expect(validateCertificates([complete(), { ...complete(), ...change }])).toBe(CERTIFICATES_INCOMPLETE)
  })

  it('takes a licence number and expiry together or not at all', () => {
    expect(validateCertificates([{ ...complete(), licenceNumber: 'NTB-1', expiresOn: '2030-01-01' }])).toBeNull()
    expect(validateCertificates([{ ...complete(), licenceNumber: 'NTB-1' }])).toBe(LICENCE_INCOMPLETE)
    expect(validateCertificates([{ ...complete(), expiresOn: '2030-01-01' }])).toBe(LICENCE_INCOMPLETE)
  })

  it('offers Remove only when more than one entry exists, so one always stays', () => {
    const one = [complete()]
    expect(canRemoveCertificate(one)).toBe(false)
    expect(removeCertificate(one, one[0].key)).toHaveLength(1)
    const two = [complete(), complete()]
    expect(canRemoveCertificate(two)).toBe(true)
    expect(removeCertificate(two, two[0].key)).toEqual([two[1]])
  })
})

describe('certificate status', () => {
  const today = '2026-11-28'
  it('follows the latest review', () => {
    expect(certificateStatus({ expiresOn: null }, 'approved', today)).toBe('verified')
    expect(certificateStatus({ expiresOn: '2030-01-01' }, 'submitted', today)).toBe('inReview')
    expect(certificateStatus({ expiresOn: null }, 'rejected', today)).toBe('rejected')
    expect(certificateStatus({ expiresOn: null }, 'none', today)).toBe('notSubmitted')
  })

  it('calls a licence past its last valid day expired, whatever the review said', () => {
    expect(certificateStatus({ expiresOn: '2026-11-27' }, 'approved', today)).toBe('expired')
    expect(certificateStatus({ expiresOn: today }, 'approved', today)).toBe('verified')
  })

  it('leaves room for at most 10 certificates in all', () => {
    expect(roomForMore(0)).toBe(10)
    expect(roomForMore(9)).toBe(1)
    expect(roomForMore(10)).toBe(0)
  })
})
