import type { Destination } from '../../lib/list-destinations'
import { shareOrCopy, shareText, type ShareOutcome } from '../../lib/share'

/** The address of a destination's page, to share. */
export function destinationUrl(destinationId: string, origin: string = window.location.origin): string {
  return `${origin}/destination/${destinationId}`
}

/** Shares a destination, or copies its link where there is no share sheet. */
export function shareDestination(destination: Pick<Destination, '_id' | 'name' | 'description'>, nav: Navigator = navigator): Promise<ShareOutcome> {
  return shareOrCopy({ title: destination.name, text: shareText(destination.description), url: destinationUrl(destination._id) }, nav)
}
