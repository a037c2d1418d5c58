import { RouterProvider } from 'react-router/dom'
import { CacheProvider } from '../lib/cache-provider'
import { createAppRouter } from './router'

const router = createAppRouter()

export function App() {
  return (
    <CacheProvider>
      <RouterProvider router={router} />
    </CacheProvider>
  )
}
