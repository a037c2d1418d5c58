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
  { path: 'guideDash', eyebrow: 'Dashboard', title: 'Guide dashboard', description: 'Requests waiting for you, upcoming trips, earnings, rating and verification.' },
  { path: 'dashboard', eyebrow: 'Dashboard', title: 'Your trips', description: 'Your booking requests, approved trips and payments in one place.' },
  { path: 'request', eyebrow: 'Tour Requests', title: 'Booking requests', description: 'Approve or reject the trips travellers have asked you to guide.' },
  { path: 'notification', eyebrow: 'Notifications', title: 'Notifications', description: 'Updates about your bookings and payments.' },
  { path: 'checkout/:bookingId', eyebrow: 'Checkout', title: 'Checkout Summary', description: 'Review your booking and complete payment.' },
  { path: 'success', eyebrow: 'Payment', title: 'Payment confirmation', description: 'The status of your payment and booking.' },
  { path: 'cancel', eyebrow: 'Payment', title: 'Payment Cancelled', description: 'No charges were made to your account' },
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
