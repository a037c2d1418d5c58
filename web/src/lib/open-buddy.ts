/** Opens the Tourist Buddy widget from anywhere on the page (the landing page's button). */
export const OPEN_BUDDY_EVENT = 'yatra:open-buddy'

export function openTouristBuddy(): void {
  window.dispatchEvent(new Event(OPEN_BUDDY_EVENT))
}
