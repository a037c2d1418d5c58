/** Browser geolocation options from the spec: high accuracy, 10 s timeout, no cached position. */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10000,
  maximumAge: 0,
}

export type Coordinates = { latitude: number; longitude: number }

export const GEOLOCATION_UNSUPPORTED = 'Geolocation is not supported by your browser.'
export const GEOLOCATION_FAILED = 'Unable to retrieve your location'

/** Resolves the current position, or rejects with one of the spec's messages. */
export function getCurrentPosition(geolocation: Geolocation | undefined = navigator.geolocation): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new Error(GEOLOCATION_UNSUPPORTED))
      return
    }
    geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      () => reject(new Error(GEOLOCATION_FAILED)),
      GEOLOCATION_OPTIONS,
    )
  })
}
