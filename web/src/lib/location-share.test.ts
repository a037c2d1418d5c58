import { describe, expect, it, vi } from 'vitest'
import { GEOLOCATION_OPTIONS, getCurrentPosition } from './geolocation'
import { buildLocationShare, buildShareLinks } from './location-share'

describe('location sharing', () => {
  it('builds a Google Maps link from the coordinates', () => {
    expect(buildLocationShare({ latitude: 27.7172, longitude: 85.324 }).mapLink).toBe('https://www.google.com/maps?q=27.7172,85.324')
  })

  it('offers four services, each carrying the map link', () => {
    const mapLink = 'https://www.google.com/maps?q=27.7172,85.324'
    const links = buildShareLinks(mapLink)
    expect(links.map((l) => l.service)).toEqual(['WhatsApp', 'Facebook', 'Twitter/X', 'Telegram'])
    for (const link of links) expect(decodeURIComponent(link.url)).toContain(mapLink)
  })

  it('asks for a fresh high-accuracy position with a 10 s timeout', async () => {
    const getCurrent = vi.fn((ok: PositionCallback, _fail?: PositionErrorCallback, _options?: PositionOptions) =>
      ok({ coords: { latitude: 1, longitude: 2 } } as GeolocationPosition),
    )
    await expect(getCurrentPosition({ getCurrentPosition: getCurrent } as unknown as Geolocation)).resolves.toEqual({ latitude: 1, longitude: 2 })
    expect(getCurrent.mock.calls[0][2]).toEqual({ enableHighAccuracy: true, timeout: 10000, maximumAge: 0 })
    expect(GEOLOCATION_OPTIONS.timeout).toBe(10000)
  })

  it('reports the spec messages on failure', async () => {
    await expect(getCurrentPosition(undefined)).rejects.toThrow('Geolocation is not supported by your browser.')
    const denied = { getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) => fail({} as GeolocationPositionError) }
    await expect(getCurrentPosition(denied as unknown as Geolocation)).rejects.toThrow('Unable to retrieve your location')
  })
})
