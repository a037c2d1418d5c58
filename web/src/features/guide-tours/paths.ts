/** The guide's tours and their editor. */
export const MY_TOURS_PATH = '/guide/tours'
export const NEW_TOUR_PATH = '/guide/tours/new'
export const editTourPath = (tourId: string) => `/guide/tours/${tourId}/edit`

/** What the editor leaves in the navigation state for the list to say: 'Tour saved'. */
export type { FlashState as ListState } from '../../lib/use-flash-message'
