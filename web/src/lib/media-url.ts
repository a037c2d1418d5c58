import { API_BASE_URL } from './config'

/** A public image path from the server, made absolute when the API lives on another host. */
export function mediaUrl(path: string | null | undefined): string | null {
  if (!path) return null
  return path.startsWith('/') ? `${API_BASE_URL}${path}` : path
}
