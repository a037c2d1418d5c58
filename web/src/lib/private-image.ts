import { useEffect, useState } from 'react'
import { authFetch } from './api-client'

export type PrivateImageState = { kind: 'none' } | { kind: 'loading' } | { kind: 'ready'; src: string } | { kind: 'error' }

/**
 * A private image (ID card, certificate) is never given a public URL: it is fetched with
 * the bearer token and shown from an object URL, which is revoked when no longer needed.
 */
export function usePrivateImage(path: string | null | undefined): PrivateImageState {
  const [state, setState] = useState<PrivateImageState>(path ? { kind: 'loading' } : { kind: 'none' })

  useEffect(() => {
    if (!path) {
      setState({ kind: 'none' })
      return
    }
    let live = true
    let objectUrl: string | null = null
    setState({ kind: 'loading' })
    authFetch(path)
      .then(async (res) => {
        if (!res.ok) throw new Error(`Private image answered ${res.status}`)
        const blob = await res.blob()
        if (!live) return
        objectUrl = URL.createObjectURL(blob)
        setState({ kind: 'ready', src: objectUrl })
      })
      .catch((err: unknown) => {
        console.error('Could not load a private image', err)
        if (live) setState({ kind: 'error' })
      })
    return () => {
      live = false
      if (objectUrl) URL.revokeObjectURL(objectUrl)
    }
  }, [path])

  return state
}
