import { createBrowserRouter, type RouteObject } from 'react-router'
import { LoginPage } from '../features/auth/login-page'
import { RoleChoicePage } from '../features/auth/role-choice-page'
import { SignupPage } from '../features/auth/signup-page'
import { HomePage } from '../features/home/home-page'
import { RootLayout } from './layout/root-layout'
import { NotFoundPage } from './not-found-page'
import { PlaceholderPage, SearchPlaceholderPage } from './placeholder-page'
import { RouteErrorPage } from './route-error-page'

type Placeholder = { path: string; eyebrow: string; title: string; description: string }

// Screens that later issues fill in; each already has its route and a titled frame.
const placeholders: Placeholder[] = [
  { path: 'guideform', eyebrow: 'Guide profile', title: 'Set up your guide profile', description: 'Tell travellers who you are, where you guide, the languages you speak and your daily rate.' },
  { path: 'touristform', eyebrow: 'Traveller profile', title: 'Create Your Travel Profile', description: 'A few details about you help guides plan a trip that suits you.' },
  { path: 'guideDash', eyebrow: 'Dashboard', title: 'Guide dashboard', description: 'Requests waiting for you, upcoming trips, earnings, rating and verification.' },
  { path: 'dashboard', eyebrow: 'Dashboard', title: 'Your trips', description: 'Your booking requests, approved trips and payments in one place.' },
  { path: 'guides', eyebrow: 'Guides', title: 'Local guides', description: 'Verified guides across Nepal, with their languages, specialities and daily rates.' },
  { path: 'guides/:id', eyebrow: 'Guide', title: 'Guide profile', description: 'Experience, specialities, reviews from travellers and booking.' },
  { path: 'request', eyebrow: 'Tour Requests', title: 'Booking requests', description: 'Approve or reject the trips travellers have asked you to guide.' },
  { path: 'notification', eyebrow: 'Notifications', title: 'Notifications', description: 'Updates about your bookings and payments.' },
  { path: 'kycform', eyebrow: 'Verification', title: 'Certificates and verification', description: 'Submit your guiding certificates so travellers can find your verified profile.' },
  { path: 'destinations', eyebrow: 'Destinations', title: 'Popular Destinations', description: 'Mountains, lakes, temples and trails worth the journey.' },
  { path: 'destination/:id', eyebrow: 'Destination', title: 'Destination', description: 'What to see, when to go and how to plan your visit.' },
  { path: 'blogs', eyebrow: 'Blogs', title: 'Latest Blogs', description: 'Stories and advice from travellers and guides.' },
  { path: 'blog/dashboard', eyebrow: 'Your Blog', title: 'Blog Dashboard', description: 'Manage your blog content.' },
  { path: 'blog/create', eyebrow: 'Your Blog', title: 'Create New Blog', description: 'Share an experience from the trail.' },
  { path: 'blog/edit/:blogId', eyebrow: 'Your Blog', title: 'Edit Your Blog', description: 'Update your story.' },
  { path: 'blog/:blogId', eyebrow: 'Blog', title: 'Blog', description: 'A story from the Yatra community.' },
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
          { path: 'search', element: <SearchPlaceholderPage /> },
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
