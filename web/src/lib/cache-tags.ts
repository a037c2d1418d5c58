/**
 * Tags on the client cache entries that more than one feature reads or writes, so a write
 * in one place (a review, an admin edit) makes every page showing that data fetch it again.
 */

/** Every public guide list and search result: ratings shown on cards change with reviews. */
export const GUIDES_TAG = 'guides'

/** One guide's public page and reviews. */
export const guideTag = (guideId: string) => `guide:${guideId}`

/** Every destination list (landing, destinations page, search, admin). */
export const DESTINATIONS_TAG = 'destinations'

/** One destination's page. */
export const destinationTag = (destinationId: string) => `destination:${destinationId}`

/** Every read of bookings: the traveller's and the guide's lists, dashboards, checkouts, receipts. */
export const BOOKINGS_TAG = 'bookings'

/** Notification lists. */
export const NOTIFICATIONS_TAG = 'notifications'

/** The signed-in user's conversations (their last messages and unread counts). */
export const CONVERSATIONS_TAG = 'conversations'

/** Every list of blog posts: the feed, blog search results, an author's own list. */
export const BLOGS_TAG = 'blogs'

/** One blog post's page and its edit form. */
export const blogTag = (blogId: string) => `blog:${blogId}`

/** Which days guides are free: the booking modal's calendar and a guide's own. Bookings move it too. */
export const AVAILABILITY_TAG = 'availability'
/** The signed-in account (`/auth/me`): its name and whether its email is verified. */
export const ACCOUNT_TAG = 'account'

/** The signed-in user's own profile (guide or traveller), as their profile pages and forms read it. */
export const OWN_PROFILE_TAG = 'own-profile'

/** The admin's queue of guides waiting for verification. */
export const VERIFICATIONS_TAG = 'verifications'

/** A guide's ledger (earnings, payouts) and payout details; payments and refunds move it too. */
export const EARNINGS_TAG = 'earnings'
/** The display currencies' rates: an admin's edit shows in every converted price at once. */
export const CURRENCIES_TAG = 'currencies'

/** The signed-in account's saved guides and destinations: the hearts and the Saved page. */
export const SAVED_TAG = 'favourites'

/** Every list of tours, public or a guide's own. */
export const TOURS_TAG = 'tours'

/** One tour's page and quote. */
export const tourTag = (tourId: string) => `tour:${tourId}`

/** Custom offers: a conversation's, and the dashboards' lists. */
export const OFFERS_TAG = 'offers'
