import { useMergeLocalSaved } from '../../lib/saved-lists'

// What only a signed-in account needs on every page, in a chunk of its own that the shell
// fetches once someone is signed in (root-layout.tsx, nav-bar.tsx): a visitor, and so every
// first visit, never downloads it.
export { ProfileMenu } from './profile-menu'
export { VerifyEmailBanner } from '../../features/auth/verify-email-banner'

export function MergeLocalSaved() {
  useMergeLocalSaved()
  return null
}
