import { lazy, Suspense, type ReactNode } from 'react'
import { Navigate } from 'react-router'
import { useAuth } from '../lib/auth-store'

// Rarely shown: its code stays out of the app's first download.
const ForbiddenPage = lazy(() => import('./forbidden-page').then((m) => ({ default: m.ForbiddenPage })))

type Role = 'guide' | 'tourist' | 'admin'

type RequireRoleProps = {
  /** The role the page is for, or every role it is for. */
  role: Role | Role[]
  /** 'login': any other role goes to /login (spec page guards). 'forbidden': shows the 403 page. */
  otherRole?: 'login' | 'forbidden'
  children: ReactNode
}

/** Page guard: signed out goes to /login; another role goes to /login or sees the 403 page. */
export function RequireRole({ role, otherRole = 'login', children }: RequireRoleProps) {
  const auth = useAuth()
  if (!auth.isSignedIn) return <Navigate to="/login" replace />
  const allowed: string[] = Array.isArray(role) ? role : [role]
  if (auth.role === null || !allowed.includes(auth.role)) {
    if (otherRole === 'login') return <Navigate to="/login" replace />
    return (
      <Suspense fallback={null}>
        <ForbiddenPage />
      </Suspense>
    )
  }
  return children
}
