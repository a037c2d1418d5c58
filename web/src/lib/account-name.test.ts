import { describe, expect, it } from 'vitest'
import { validateNames } from './account-name'

describe('profile name rules', () => {
  it('accepts two non-blank names', () => {
    expect(validateNames('Pemba', 'Sherpa')).toEqual({})
  })

  it('marks each blank name Required after trimming', () => {
    expect(validateNames('  ', 'Sherpa')).toEqual({ firstName: 'Required' })
    expect(validateNames('', ' ')).toEqual({ firstName: 'Required', lastName: 'Required' })
  })
})
