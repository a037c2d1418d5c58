import { afterEach, describe, expect, it } from 'vitest'
import { chooseLanguage } from '../i18n/messages'
import { personName } from './person-name'

describe('personName', () => {
  afterEach(async () => {
    await chooseLanguage('en')
  })

  it('joins the names, and says a deleted account in the reader language', async () => {
    expect(personName({ firstName: 'Pemba', lastName: 'Sherpa' })).toBe('Pemba Sherpa')
    expect(personName({ firstName: 'Cher', lastName: '' })).toBe('Cher')
    expect(personName({ firstName: 'Deleted', lastName: 'user' })).toBe('Deleted user')
    await chooseLanguage('ne')
    expect(personName({ firstName: 'Deleted', lastName: 'user' })).toBe('मेटाइएको प्रयोगकर्ता')
    expect(personName({ firstName: 'Pemba', lastName: 'Sherpa' })).toBe('Pemba Sherpa')
  })
})
