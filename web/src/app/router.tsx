import type { ComponentType, ReactNode } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { HomePage } from '../features/home/home-page'
import { RootLayout } from './layout/root-layout'
import { NotFoundPage } from './not-found-page'
import { RequireRole } from './require-role'
import { RouteErrorPage } from './route-error-page'

/**
 * A route whose page loads with its own chunk on first visit (the landing page ships in
 * the main bundle), optionally wrapped in a guard.
 */
function page(load: () => Promise<ComponentType>, wrap: (page: ReactNode) => ReactNode = (p) => p): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const Page = await load()
      return { element: wrap(<Page />) }
    },
  }
}

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
          { index: true, element: <HomePage /> },
          { path: 'login', ...page(() => import('../features/auth/login-page').then((m) => m.LoginPage)) },
          { path: 'signup', ...page(() => import('../features/auth/signup-page').then((m) => m.SignupPage)) },
          { path: 'forgot-password', ...page(() => import('../features/auth/forgot-password-page').then((m) => m.ForgotPasswordPage)) },
          { path: 'reset-password', ...page(() => import('../features/auth/reset-password-page').then((m) => m.ResetPasswordPage)) },
          { path: 'verify-email', ...page(() => import('../features/auth/verify-email-page').then((m) => m.VerifyEmailPage)) },
          { path: 'selection', ...page(() => import('../features/auth/role-choice-page').then((m) => m.RoleChoicePage)) },
          { path: 'guides', ...page(() => import('../features/guides/guides-page').then((m) => m.GuidesPage)) },
          { path: 'guides/:id', ...page(() => import('../features/guides/guide-detail-page').then((m) => m.GuideDetailPage)) },
          { path: 'search', ...page(() => import('../features/search/search-page').then((m) => m.SearchPage)) },
          { path: 'destinations', ...page(() => import('../features/destinations/destinations-page').then((m) => m.DestinationsPage)) },
          { path: 'destination/:id', ...page(() => import('../features/destinations/destination-detail-page').then((m) => m.DestinationDetailPage)) },
          { path: 'guideform', ...page(() => import('../features/guides/guide-form-page').then((m) => m.GuideFormPage), (p) => <RequireRole role="guide">{p}</RequireRole>) },
          { path: 'kycform', ...page(() => import('../features/guides/certificates-page').then((m) => m.CertificatesPage), (p) => <RequireRole role="guide">{p}</RequireRole>) },
          // The spec leaves the profile pages' routes unshown; these are Yatra's choice.
          { path: 'guide/profile', ...page(() => import('../features/guides/guide-profile-page').then((m) => m.GuideProfilePage), (p) => <RequireRole role="guide">{p}</RequireRole>) },
          { path: 'touristform', ...page(() => import('../features/tourists/traveller-form-page').then((m) => m.TravellerFormPage), (p) => <RequireRole role="tourist">{p}</RequireRole>) },
          { path: 'tourist/profile', ...page(() => import('../features/tourists/tourist-profile-page').then((m) => m.TouristProfilePage), (p) => <RequireRole role="tourist">{p}</RequireRole>) },
          { path: 'guideDash', ...page(() => import('../features/bookings/guide-dashboard-page').then((m) => m.GuideDashboardPage), (p) => <RequireRole role="guide">{p}</RequireRole>) },
          { path: 'request', ...page(() => import('../features/bookings/tour-requests-page').then((m) => m.TourRequestsPage), (p) => <RequireRole role="guide">{p}</RequireRole>) },
          { path: 'dashboard', ...page(() => import('../features/bookings/tourist-dashboard-page').then((m) => m.TouristDashboardPage), (p) => <RequireRole role="tourist">{p}</RequireRole>) },
          { path: 'messages', ...page(() => import('../features/messages/messages-page').then((m) => m.MessagesPage), (p) => <RequireRole role={['guide', 'tourist']}>{p}</RequireRole>) },
          { path: 'messages/with/:userId', ...page(() => import('../features/messages/conversation-with-page').then((m) => m.ConversationWithPage), (p) => <RequireRole role={['guide', 'tourist']}>{p}</RequireRole>) },
          { path: 'messages/:id', ...page(() => import('../features/messages/conversation-page').then((m) => m.ConversationPage), (p) => <RequireRole role={['guide', 'tourist']}>{p}</RequireRole>) },
          { path: 'notification', ...page(() => import('../features/notifications/notifications-page').then((m) => m.NotificationsPage), (p) => <RequireRole role={['guide', 'tourist']}>{p}</RequireRole>) },
          // Paying is the booking's traveller's; anyone else signed in is told it is not for them.
          { path: 'checkout/:bookingId', ...page(() => import('../features/payments/checkout-page').then((m) => m.CheckoutPage), (p) => <RequireRole role="tourist" otherRole="forbidden">{p}</RequireRole>) },
          // Where the server sends the browser instead of Stripe when it has no Stripe keys.
          { path: 'sandbox/checkout/:sessionId', ...page(() => import('../features/payments/sandbox-checkout-page').then((m) => m.SandboxCheckoutPage), (p) => <RequireRole role="tourist" otherRole="forbidden">{p}</RequireRole>) },
          { path: 'success', ...page(() => import('../features/payments/success-page').then((m) => m.SuccessPage), (p) => <RequireRole role="tourist" otherRole="forbidden">{p}</RequireRole>) },
          { path: 'cancel', ...page(() => import('../features/payments/cancel-page').then((m) => m.CancelPage)) },
          // Where Khalti and eSewa send the traveller back; the server confirms with the wallet.
          { path: 'payments/khalti/return', ...page(() => import('../features/payments/wallet-return-pages').then((m) => m.KhaltiReturnPage), (p) => <RequireRole role="tourist" otherRole="forbidden">{p}</RequireRole>) },
          { path: 'payments/esewa/success', ...page(() => import('../features/payments/wallet-return-pages').then((m) => m.EsewaSuccessPage), (p) => <RequireRole role="tourist" otherRole="forbidden">{p}</RequireRole>) },
          { path: 'payments/esewa/failure', ...page(() => import('../features/payments/wallet-return-pages').then((m) => m.EsewaFailurePage)) },
          // The booking's guide and admins may read a receipt too (the server decides whose).
          { path: 'receipt/:bookingId', ...page(() => import('../features/payments/receipt-page').then((m) => m.ReceiptPage), (p) => <RequireRole role={['tourist', 'guide', 'admin']}>{p}</RequireRole>) },
          { path: 'admin', ...page(() => import('../features/admin/admin-page').then((m) => m.AdminPage), (p) => <RequireRole role="admin" otherRole="forbidden">{p}</RequireRole>) },
          { path: 'blogs', ...page(() => import('../features/blogs/blogs-page').then((m) => m.BlogsPage)) },
          { path: 'blog/dashboard', ...page(() => import('../features/blogs/blog-dashboard-page').then((m) => m.BlogDashboardPage), (p) => <RequireRole role={ANY_ROLE}>{p}</RequireRole>) },
          { path: 'blog/create', ...page(() => import('../features/blogs/blog-form-page').then((m) => m.BlogFormPage), (p) => <RequireRole role={ANY_ROLE}>{p}</RequireRole>) },
          { path: 'blog/edit/:blogId', ...page(() => import('../features/blogs/blog-form-page').then((m) => m.BlogFormPage), (p) => <RequireRole role={ANY_ROLE}>{p}</RequireRole>) },
          { path: 'blog/:blogId', ...page(() => import('../features/blogs/blog-detail-page').then((m) => m.BlogDetailPage)) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(routes)
}
