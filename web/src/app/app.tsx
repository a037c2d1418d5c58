import type { createBrowserRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { CacheProvider } from '../lib/cache-provider'
import type { SeededEntry } from '../lib/client-cache'

/** `seed`: the answers the server drew the page's first paint with. */
export function App({ router, seed }: { router: ReturnType<typeof createBrowserRouter>; seed?: readonly SeededEntry[] }) {
  return (
    <CacheProvider seed={seed}>
      <RouterProvider router={router} />
    </CacheProvider>
  )
}
