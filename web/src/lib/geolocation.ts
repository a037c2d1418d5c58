import { msg, translate } from '../i18n/messages'

/** Browser geolocation options from the spec: high accuracy, 10 s timeout, no cached position. */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10000,
  maximumAge: 0,
}

export type Coordinates = { latitude: number; longitude: number }

export const GEOLOCATION_UNSUPPORTED = msg('common.geolocationUnsupported')
export const GEOLOCATION_FAILED = msg('common.geolocationFailed')

/** Resolves the current position, or rejects with one of the spec's messages in the reader's language. */
export function getCurrentPosition(geolocation: Geolocation | undefined = navigator.geolocation): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new Error(translate(GEOLOCATION_UNSUPPORTED)))
      return
    }
    geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      () => reject(new Error(translate(GEOLOCATION_FAILED))),
      GEOLOCATION_OPTIONS,
    )
  })
}
