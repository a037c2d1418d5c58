import { invalidate } from './cache-provider'
import type { ClientCache } from './client-cache'
import { ACCOUNT_TAG, BLOGS_TAG, CONVERSATIONS_TAG, GUIDES_TAG, OWN_PROFILE_TAG, VERIFICATIONS_TAG, guideTag } from './cache-tags'

// A name or picture shows beside blog posts and in conversations as well as on the profile.
const WHERE_A_PERSON_SHOWS = [OWN_PROFILE_TAG, ACCOUNT_TAG, BLOGS_TAG, CONVERSATIONS_TAG]

/**
 * A guide's profile changed (their own edit, new certificates, an admin's decision): their
 * public page, every guide list and search, and what shows their name fetch it again, so
 * the same tab never shows the old profile.
 */
export function guideChanged(cache: ClientCache, guideId: string): void {
  invalidate(cache, guideTag(guideId), GUIDES_TAG, VERIFICATIONS_TAG, ...WHERE_A_PERSON_SHOWS)
}

/** A traveller's profile changed: their own pages and what shows their name fetch it again. */
export function travellerChanged(cache: ClientCache): void {
  invalidate(cache, ...WHERE_A_PERSON_SHOWS)
}
