import type { ComponentType, ReactNode } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { HomePage } from '../features/home/home-page'
import { RootLayout } from './layout/root-layout'
import { NotFoundPage } from './not-found-page'
import { RequireRole } from './require-role'
import { RouteErrorPage } from './route-error-page'
import { usePageTitle } from '../lib/use-page-title'

/** Sets the tab's title for a page whose title does not depend on what it shows. */
function Titled({ title, children }: { title: string | null; children: ReactNode }) {
  usePageTitle(title)
  return children
}

/**
 * A route whose page loads with its own chunk on first visit (the landing page ships in
 * the main bundle), with its tab title, optionally wrapped in a guard. Pages that show
 * one guide, destination or post pass `DYNAMIC` and set their title themselves.
 */
function page(load: () => Promise<ComponentType>, title: string | typeof DYNAMIC, wrap: (page: ReactNode) => ReactNode = (p) => p): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const Page = await load()
      return { element: title === DYNAMIC ? wrap(<Page />) : <Titled title={title}>{wrap(<Page />)}</Titled> }
    },
  }
}

const DYNAMIC = Symbol('the page sets its own title')

// Blog pages are for every signed-in account, whatever its role (spec section 6).
const ANY_ROLE: ('guide' | 'tourist' | 'admin')[] = ['guide', 'tourist', 'admin']

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <Titled title={null}><HomePage /></Titled> },
          { path: 'login', ...page(() => import('../features/auth/login-page').then((m) => m.LoginPage), 'Log in') },
          { path: 'signup', ...page(() => import('../features/auth/signup-page').then((m) => m.SignupPage), 'Sign up') },
          { path: 'forgot-password', ...page(() => import('../features/auth/forgot-password-page').then((m) => m.ForgotPasswordPage), 'Forgot password') },
          { path: 'reset-password', ...page(() => import('../features/auth/reset-password-page').then((m) => m.ResetPasswordPage), 'Choose a new password') },
          { path: 'verify-email', ...page(() => import('../features/auth/verify-email-page').then((m) => m.VerifyEmailPage), 'Verify your email') },
          { path: 'selection', ...page(() => import('../features/auth/role-choice-page').then((m) => m.RoleChoicePage), 'Guide or traveller?') },
          { path: 'guides', ...page(() => import('../features/guides/guides-page').then((m) => m.GuidesPage), 'Find a local guide') },
          { path: 'guides/:id', ...page(() => import('../features/guides/guide-detail-page').then((m) => m.GuideDetailPage), DYNAMIC) },
          { path: 'search', ...page(() => import('../features/search/search-page').then((m) => m.SearchPage), 'Search') },
          { path: 'destinations', ...page(() => import('../features/destinations/destinations-page').then((m) => m.DestinationsPage), 'Destinations') },
          { path: 'destination/:id', ...page(() => import('../features/destinations/destination-detail-page').then((m) => m.DestinationDetailPage), DYNAMIC) },
          { path: 'guideform', ...page(() => import('../features/guides/guide-form-page').then((m) => m.GuideFormPage), 'Your guide profile', (p) => <RequireRole role="guide">{p}</RequireRole>) },
          { path: 'kycform', ...page(() => import('../features/guides/certificates-page').then((m) => m.CertificatesPage), 'Certificates', (p) => <RequireRole role="guide">{p}</RequireRole>) },
          // The spec leaves the profile pages' routes unshown; these are Yatra's choice.
          { path: 'guide/profile', ...page(() => import('../features/guides/guide-profile-page').then((m) => m.GuideProfilePage), 'Your profile', (p) => <RequireRole role="guide">{p}</RequireRole>) },
          { path: 'touristform', ...page(() => import('../features/tourists/traveller-form-page').then((m) => m.TravellerFormPage), 'Your traveller profile', (p) => <RequireRole role="tourist">{p}</RequireRole>) },
          { path: 'tourist/profile', ...page(() => import('../features/tourists/tourist-profile-page').then((m) => m.TouristProfilePage), 'Your profile', (p) => <RequireRole role="tourist">{p}</RequireRole>) },
          { path: 'guideDash', ...page(() => import('../features/bookings/guide-dashboard-page').then((m) => m.GuideDashboardPage), 'Your trips', (p) => <RequireRole role="guide">{p}</RequireRole>) },
          { path: 'request', ...page(() => import('../features/bookings/tour-requests-page').then((m) => m.TourRequestsPage), 'Tour requests', (p) => <RequireRole role="guide">{p}</RequireRole>) },
          { path: 'dashboard', ...page(() => import('../features/bookings/tourist-dashboard-page').then((m) => m.TouristDashboardPage), 'Your trips', (p) => <RequireRole role="tourist">{p}</RequireRole>) },
          { path: 'messages', ...page(() => import('../features/messages/messages-page').then((m) => m.MessagesPage), 'Messages', (p) => <RequireRole role={['guide', 'tourist']}>{p}</RequireRole>) },
          { path: 'messages/with/:userId', ...page(() => import('../features/messages/conversation-with-page').then((m) => m.ConversationWithPage), 'Messages', (p) => <RequireRole role={['guide', 'tourist']}>{p}</RequireRole>) },
          { path: 'messages/:id', ...page(() => import('../features/messages/conversation-page').then((m) => m.ConversationPage), 'Messages', (p) => <RequireRole role={['guide', 'tourist']}>{p}</RequireRole>) },
          { path: 'notification', ...page(() => import('../features/notifications/notifications-page').then((m) => m.NotificationsPage), 'Notifications', (p) => <RequireRole role={['guide', 'tourist']}>{p}</RequireRole>) },
          // Paying is the booking's traveller's; anyone else signed in is told it is not for them.
          { path: 'checkout/:bookingId', ...page(() => import('../features/payments/checkout-page').then((m) => m.CheckoutPage), 'Checkout', (p) => <RequireRole role="tourist" otherRole="forbidden">{p}</RequireRole>) },
          // Where the server sends the browser instead of Stripe when it has no Stripe keys.
          { path: 'sandbox/checkout/:sessionId', ...page(() => import('../features/payments/sandbox-checkout-page').then((m) => m.SandboxCheckoutPage), 'Checkout', (p) => <RequireRole role="tourist" otherRole="forbidden">{p}</RequireRole>) },
          { path: 'success', ...page(() => import('../features/payments/success-page').then((m) => m.SuccessPage), 'Payment received', (p) => <RequireRole role="tourist" otherRole="forbidden">{p}</RequireRole>) },
          { path: 'cancel', ...page(() => import('../features/payments/cancel-page').then((m) => m.CancelPage), 'Payment cancelled') },
          // The booking's guide and admins may read a receipt too (the server decides whose).
          { path: 'receipt/:bookingId', ...page(() => import('../features/payments/receipt-page').then((m) => m.ReceiptPage), 'Receipt', (p) => <RequireRole role={['tourist', 'guide', 'admin']}>{p}</RequireRole>) },
          { path: 'admin', ...page(() => import('../features/admin/admin-page').then((m) => m.AdminPage), 'Admin', (p) => <RequireRole role="admin" otherRole="forbidden">{p}</RequireRole>) },
          { path: 'blogs', ...page(() => import('../features/blogs/blogs-page').then((m) => m.BlogsPage), 'Travel stories') },
          { path: 'blog/dashboard', ...page(() => import('../features/blogs/blog-dashboard-page').then((m) => m.BlogDashboardPage), 'Your posts', (p) => <RequireRole role={ANY_ROLE}>{p}</RequireRole>) },
          { path: 'blog/create', ...page(() => import('../features/blogs/blog-form-page').then((m) => m.BlogFormPage), 'Write a post', (p) => <RequireRole role={ANY_ROLE}>{p}</RequireRole>) },
          { path: 'blog/edit/:blogId', ...page(() => import('../features/blogs/blog-form-page').then((m) => m.BlogFormPage), 'Edit your post', (p) => <RequireRole role={ANY_ROLE}>{p}</RequireRole>) },
          { path: 'blog/:blogId', ...page(() => import('../features/blogs/blog-detail-page').then((m) => m.BlogDetailPage), DYNAMIC) },
          { path: '*', element: <Titled title="Page not found"><NotFoundPage /></Titled> },
        ],
      },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(routes)
}
