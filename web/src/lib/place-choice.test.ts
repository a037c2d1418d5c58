import { describe, expect, it } from 'vitest'
import { NEPAL_TOWNS, NO_POSITION, chooseTown, placeToSend, placeToShow, type PlaceChoice } from './place-choice'

const kathmandu = { latitude: 27.7172, longitude: 85.324 }
const device = { latitude: 28.2, longitude: 83.98 }
const failed: PlaceChoice = { kind: 'failed', message: 'common.geolocationFailed' }
const found: PlaceChoice = { kind: 'found', at: device }
const pokhara = chooseTown('pokhara')!

describe('what a profile save sends (issue 26)', () => {
  it('keeps a stored place when the browser gives no position or is still asking', () => {
    expect(placeToSend(failed, kathmandu)).toBeNull()
    expect(placeToSend({ kind: 'locating' }, kathmandu)).toBeNull()
  })

  it('keeps a stored place over the position found on load, which nobody chose', () => {
    expect(placeToSend(found, kathmandu)).toBeNull()
  })

  it('sends a chosen town or current position over a stored place', () => {
    expect(placeToSend(pokhara, kathmandu)).toEqual({ latitude: 28.2096, longitude: 83.9595 })
    expect(placeToSend({ kind: 'chosen', at: device, town: null }, kathmandu)).toEqual(device)
  })

  it('fills a first profile with the position found on load, else the spec fallback 0,0', () => {
    expect(placeToSend(found, null)).toEqual(device)
    expect(placeToSend(failed, null)).toEqual(NO_POSITION)
    // A stored 0,0 is no place: a position found now may replace it.
    expect(placeToSend(found, NO_POSITION)).toEqual(device)
  })
})

describe('what the form shows', () => {
  it('shows the stored place, not 0,0, when the browser gives no position', () => {
    expect(placeToShow(failed, kathmandu)).toEqual(kathmandu)
    expect(placeToShow(found, kathmandu)).toEqual(kathmandu)
  })

  it('shows a chosen place first, and nothing rather than 0,0 when there is no place', () => {
    expect(placeToShow(pokhara, kathmandu)).toEqual(pokhara.kind === 'chosen' ? pokhara.at : null)
    expect(placeToShow(failed, null)).toBeNull()
    expect(placeToShow(failed, NO_POSITION)).toBeNull()
    expect(placeToShow(found, null)).toEqual(device)
  })
})

describe('the towns', () => {
  it('are in Nepal, each once', () => {
    for (const town of NEPAL_TOWNS) {
      expect(town.latitude, town.id).toBeGreaterThan(26.3)
      expect(town.latitude, town.id).toBeLessThan(30.5)
      expect(town.longitude, town.id).toBeGreaterThan(80)
      expect(town.longitude, town.id).toBeLessThan(88.3)
    }
    expect(new Set(NEPAL_TOWNS.map((town) => town.id)).size).toBe(NEPAL_TOWNS.length)
  })

  it('refuses an unknown town', () => {
    expect(chooseTown('atlantis')).toBeNull()
  })
})
