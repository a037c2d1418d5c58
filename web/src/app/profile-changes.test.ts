import { describe, expect, it } from 'vitest'
import { OWN_GUIDE_PROFILE_KEY, ownGuideProfileTags } from '../features/guide-account/api/get-guide-profile'
import { guideKey, guideTags } from '../features/guides/api/get-guide'
import { OWN_TOURIST_PROFILE_KEY, ownTouristProfileTags } from '../features/tourists/api/get-tourist-profile'
import { VERIFICATION_QUEUE_KEY, verificationQueueTags } from '../features/admin/api/list-verifications'
import { ClientCache } from '../lib/client-cache'
import { ACCOUNT_TAG, GUIDES_TAG } from '../lib/cache-tags'
import { guideChanged, travellerChanged } from '../lib/profile-changes'

function filledCache() {
  const cache = new ClientCache()
  cache.set(guideKey('g1'), 'public page of g1', { tags: guideTags('g1') })
  cache.set(guideKey('g2'), 'public page of g2', { tags: guideTags('g2') })
  cache.set('guides:page:1', 'guide list', { tags: [GUIDES_TAG] })
  cache.set(OWN_GUIDE_PROFILE_KEY, 'own guide profile', { tags: ownGuideProfileTags })
  cache.set(OWN_TOURIST_PROFILE_KEY, 'own traveller profile', { tags: ownTouristProfileTags })
  cache.set(VERIFICATION_QUEUE_KEY, 'queue', { tags: verificationQueueTags })
  cache.set('me', 'account', { tags: [ACCOUNT_TAG] })
  return cache
}

describe('guideChanged', () => {
  it('drops the guide’s public page, the guide lists, their own profile and the verification queue, and no other guide', () => {
    const cache = filledCache()
    guideChanged(cache, 'g1')
    expect(cache.has(guideKey('g1'))).toBe(false)
    expect(cache.has('guides:page:1')).toBe(false)
    expect(cache.has(OWN_GUIDE_PROFILE_KEY)).toBe(false)
    expect(cache.has(VERIFICATION_QUEUE_KEY)).toBe(false)
    expect(cache.has('me')).toBe(false)
    expect(cache.has(guideKey('g2'))).toBe(true)
    cache.dispose()
  })
})

describe('travellerChanged', () => {
  it('drops the traveller’s own profile and account, and leaves guide pages alone', () => {
    const cache = filledCache()
    travellerChanged(cache)
    expect(cache.has(OWN_TOURIST_PROFILE_KEY)).toBe(false)
    expect(cache.has('me')).toBe(false)
    expect(cache.has(guideKey('g1'))).toBe(true)
    expect(cache.has('guides:page:1')).toBe(true)
    cache.dispose()
  })
})
