import { msg } from '../i18n/messages'
import type { Coordinates } from './geolocation'

/**
 * Towns a guide or traveller can pick when the browser gives no position (issue 26): the
 * towns the server's seed bases guides in (`TOWNS` in server/src/seed/bulk.rs), with the
 * same coordinates.
 */
export const NEPAL_TOWNS = [
  { id: 'thamel', name: msg('common.town.thamel'), latitude: 27.7154, longitude: 85.3123 },
  { id: 'patan', name: msg('common.town.patan'), latitude: 27.6727, longitude: 85.3253 },
  { id: 'bhaktapur', name: msg('common.town.bhaktapur'), latitude: 27.671, longitude: 85.4298 },
  { id: 'pokhara', name: msg('common.town.pokhara'), latitude: 28.2096, longitude: 83.9595 },
  { id: 'sauraha', name: msg('common.town.sauraha'), latitude: 27.5781, longitude: 84.4943 },
  { id: 'namche', name: msg('common.town.namche'), latitude: 27.8069, longitude: 86.714 },
  { id: 'lukla', name: msg('common.town.lukla'), latitude: 27.6866, longitude: 86.7298 },
  { id: 'jomsom', name: msg('common.town.jomsom'), latitude: 28.7804, longitude: 83.7233 },
  { id: 'manang', name: msg('common.town.manang'), latitude: 28.6669, longitude: 84.0167 },
  { id: 'bandipur', name: msg('common.town.bandipur'), latitude: 27.9361, longitude: 84.4069 },
  { id: 'nagarkot', name: msg('common.town.nagarkot'), latitude: 27.7172, longitude: 85.52 },
  { id: 'lumbini', name: msg('common.town.lumbini'), latitude: 27.4833, longitude: 83.2767 },
  { id: 'ilam', name: msg('common.town.ilam'), latitude: 26.9094, longitude: 87.9282 },
  { id: 'syabrubesi', name: msg('common.town.syabrubesi'), latitude: 28.1606, longitude: 85.3456 },
  { id: 'bardiya', name: msg('common.town.bardiya'), latitude: 28.39, longitude: 81.32 },
  { id: 'ghandruk', name: msg('common.town.ghandruk'), latitude: 28.3772, longitude: 83.8058 },
] as const

export type NepalTown = (typeof NEPAL_TOWNS)[number]

/** The spec's fallback when the browser gives no position: longitude 0, latitude 0. */
export const NO_POSITION: Coordinates = { latitude: 0, longitude: 0 }

/** 0,0 stands for "no position" (the spec's fallback), never for a place anyone chose. */
export const isNoPosition = (at: Coordinates) => at.latitude === 0 && at.longitude === 0

/** A stored place worth keeping: there is one, and it is not the 0,0 fallback. */
export const isPlace = (at: Coordinates | null | undefined): at is Coordinates => !!at && !isNoPosition(at)

/** Where a form's place stands. */
export type PlaceChoice =
  /** Asking the browser for its position. */
  | { kind: 'locating' }
  /** The browser's position, asked for on load (the spec): it fills a first profile only. */
  | { kind: 'found'; at: Coordinates }
  /** The browser gave no position; `message` says why (the spec's texts). */
  | { kind: 'failed'; message: string }
  /** A place the person chose: a town from the list (`town`), or their current position. */
  | { kind: 'chosen'; at: Coordinates; town: NepalTown['id'] | null }

export function chooseTown(id: string): PlaceChoice | null {
  const town = NEPAL_TOWNS.find((t) => t.id === id)
  return town ? { kind: 'chosen', at: { latitude: town.latitude, longitude: town.longitude }, town: town.id } : null
}

export function townName(id: string | null): string | null {
  return NEPAL_TOWNS.find((t) => t.id === id)?.name ?? null
}

/** The place to show: a chosen one, else the stored one, else the position found on load; `null` when there is none. */
export function placeToShow(choice: PlaceChoice, stored: Coordinates | null | undefined): Coordinates | null {
  if (choice.kind === 'chosen') return choice.at
  if (isPlace(stored)) return stored
  return choice.kind === 'found' ? choice.at : null
}

/**
 * The place a save sends, or `null` to send none (the stored place stays). Only a chosen
 * place replaces a stored one; a first profile takes the position found on load, else the
 * spec's 0,0 fallback (which the server stores only where there is no place yet).
 */
export function placeToSend(choice: PlaceChoice, stored: Coordinates | null | undefined): Coordinates | null {
  if (choice.kind === 'chosen') return choice.at
  if (isPlace(stored)) return null
  return choice.kind === 'found' ? choice.at : NO_POSITION
}
