import { describe, expect, it } from 'vitest'
import type { Tourist } from './api/get-tourist-profile'
import { touristCompletion, touristCompletionItems, touristEditFrom, touristEditRequest } from './tourist-profile'

const tourist = (details: Partial<Tourist['touristDetails']> = {}): Tourist => ({
  _id: 't1',
  firstName: 'Asha',
  lastName: 'Traveller',
  email: 'asha@example.com',
  touristDetails: {
    bio: '',
    nationality: '',
    preferredLanguages: [],
    interests: [],
    location: null,
    idCardImage: null,
    profilePicture: null,
    profilePictureThumb: null,
    coverImage: null,
    createdAt: '2026-01-01T00:00:00Z',
    ...details,
  },
})

describe('tourist profile completion', () => {
  it('counts 9 items', () => {
    expect(touristCompletionItems(tourist())).toHaveLength(9)
  })

  it('starts at 22% with only the names', () => {
    expect(touristCompletion(tourist())).toBe(22)
  })

  it('reaches 100% with every item filled', () => {
    const full = tourist({
      bio: 'Hiker',
      nationality: 'Indian',
      preferredLanguages: ['Hindi'],
      interests: ['Trekking'],
      profilePicture: '/media/a.jpg',
      coverImage: '/media/b.jpg',
      idCardImage: '/api/v1/media/private/c.jpg',
    })
    expect(touristCompletion(full)).toBe(100)
  })
})

describe('tourist profile edit', () => {
  it('round-trips lists through comma-separated text, trimming and dropping empties', () => {
    const edit = touristEditFrom(tourist({ bio: 'Hiker', nationality: 'Indian', preferredLanguages: ['Hindi', 'English'], interests: ['Food'] }))
    expect(edit.languages).toBe('Hindi, English')
    expect(touristEditRequest({ ...edit, languages: ' Hindi ,, English, ', interests: 'Food,  Trekking ,' })).toEqual({
      bio: 'Hiker',
      nationality: 'Indian',
      preferredLanguages: ['Hindi', 'English'],
      interests: ['Food', 'Trekking'],
    })
  })
})
