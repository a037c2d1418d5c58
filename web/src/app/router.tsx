import { createBrowserRouter, type RouteObject } from 'react-router'
import { LoginPage } from '../features/auth/login-page'
import { RoleChoicePage } from '../features/auth/role-choice-page'
import { SignupPage } from '../features/auth/signup-page'
import { HomePage } from '../features/home/home-page'
import { AdminPage } from '../features/admin/admin-page'
import { BlogDashboardPage } from '../features/blogs/blog-dashboard-page'
import { BlogDetailPage } from '../features/blogs/blog-detail-page'
import { BlogFormPage } from '../features/blogs/blog-form-page'
import { BlogsPage } from '../features/blogs/blogs-page'
import { DestinationDetailPage } from '../features/destinations/destination-detail-page'
import { DestinationsPage } from '../features/destinations/destinations-page'
import { CertificatesPage } from '../features/guides/certificates-page'
import { GuideDetailPage } from '../features/guides/guide-detail-page'
import { GuideFormPage } from '../features/guides/guide-form-page'
import { GuideProfilePage } from '../features/guides/guide-profile-page'
import { GuidesPage } from '../features/guides/guides-page'
import { GuideDashboardPage } from '../features/bookings/guide-dashboard-page'
import { TourRequestsPage } from '../features/bookings/tour-requests-page'
import { TouristDashboardPage } from '../features/bookings/tourist-dashboard-page'
import { NotificationsPage } from '../features/notifications/notifications-page'
import { CancelPage } from '../features/payments/cancel-page'
import { CheckoutPage } from '../features/payments/checkout-page'
import { ReceiptPage } from '../features/payments/receipt-page'
import { SandboxCheckoutPage } from '../features/payments/sandbox-checkout-page'
import { SuccessPage } from '../features/payments/success-page'
import { SearchPage } from '../features/search/search-page'
import { TouristProfilePage } from '../features/tourists/tourist-profile-page'
import { TravellerFormPage } from '../features/tourists/traveller-form-page'
import { RootLayout } from './layout/root-layout'
import { NotFoundPage } from './not-found-page'
import { PlaceholderPage } from './placeholder-page'
import { RequireRole } from './require-role'
import { RouteErrorPage } from './route-error-page'

// Blog pages are for every signed-in account, whatever its role (spec section 6).
const ANY_ROLE: ('guide' | 'tourist' | 'admin')[] = ['guide', 'tourist', 'admin']

type Placeholder = { path: string; eyebrow: string; title: string; description: string }

// Screens that later issues fill in; each already has its route and a titled frame.
const placeholders: Placeholder[] = [
]

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
          { path: 'login', element: <LoginPage /> },
          { path: 'signup', element: <SignupPage /> },
          { path: 'selection', element: <RoleChoicePage /> },
          { path: 'guides', element: <GuidesPage /> },
          { path: 'guides/:id', element: <GuideDetailPage /> },
          { path: 'search', element: <SearchPage /> },
          { path: 'destinations', element: <DestinationsPage /> },
          { path: 'destination/:id', element: <DestinationDetailPage /> },
          { path: 'guideform', element: <RequireRole role="guide"><GuideFormPage /></RequireRole> },
          { path: 'kycform', element: <RequireRole role="guide"><CertificatesPage /></RequireRole> },
          // The spec leaves the profile pages' routes unshown; these are Yatra's choice.
          { path: 'guide/profile', element: <RequireRole role="guide"><GuideProfilePage /></RequireRole> },
          { path: 'touristform', element: <RequireRole role="tourist"><TravellerFormPage /></RequireRole> },
          { path: 'tourist/profile', element: <RequireRole role="tourist"><TouristProfilePage /></RequireRole> },
          { path: 'guideDash', element: <RequireRole role="guide"><GuideDashboardPage /></RequireRole> },
          { path: 'request', element: <RequireRole role="guide"><TourRequestsPage /></RequireRole> },
          { path: 'dashboard', element: <RequireRole role="tourist"><TouristDashboardPage /></RequireRole> },
          { path: 'notification', element: <RequireRole role={['guide', 'tourist']}><NotificationsPage /></RequireRole> },
          // Paying is the booking's traveller's; anyone else signed in is told it is not for them.
          { path: 'checkout/:bookingId', element: <RequireRole role="tourist" otherRole="forbidden"><CheckoutPage /></RequireRole> },
          // Where the server sends the browser instead of Stripe when it has no Stripe keys.
          { path: 'sandbox/checkout/:sessionId', element: <RequireRole role="tourist" otherRole="forbidden"><SandboxCheckoutPage /></RequireRole> },
          { path: 'success', element: <RequireRole role="tourist" otherRole="forbidden"><SuccessPage /></RequireRole> },
          { path: 'cancel', element: <CancelPage /> },
          // The booking's guide and admins may read a receipt too (the server decides whose).
          { path: 'receipt/:bookingId', element: <RequireRole role={['tourist', 'guide', 'admin']}><ReceiptPage /></RequireRole> },
          { path: 'admin', element: <RequireRole role="admin" otherRole="forbidden"><AdminPage /></RequireRole> },
          { path: 'blogs', element: <BlogsPage /> },
          { path: 'blog/dashboard', element: <RequireRole role={ANY_ROLE}><BlogDashboardPage /></RequireRole> },
          { path: 'blog/create', element: <RequireRole role={ANY_ROLE}><BlogFormPage /></RequireRole> },
          { path: 'blog/edit/:blogId', element: <RequireRole role={ANY_ROLE}><BlogFormPage /></RequireRole> },
          { path: 'blog/:blogId', element: <BlogDetailPage /> },
          ...placeholders.map(({ path, ...page }) => ({ path, element: <PlaceholderPage {...page} /> })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(routes)
}
