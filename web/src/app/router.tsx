import type { ComponentType, ReactNode } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { RootLayout } from './layout/root-layout'
import { RequireRole } from './require-role'
import { RouteErrorPage } from './route-error-page'
import { usePageTitle } from '../lib/use-page-title'
import { loadTexts, msg, useT } from '../i18n/messages'

/** Sets the tab's title (a text id) for a page whose title does not depend on what it shows. */
function Titled({ title, children }: { title: string | null; children: ReactNode }) {
  const t = useT()
  usePageTitle(title === null ? null : t(title))
  return children
}

/**
 * A route whose page loads with its own chunk on first visit (the server names the chunk of
 * the page a visitor lands on in its HTML, web.rs), with its tab title (a text id, or `null`
 * for the site's own), optionally wrapped in a guard. Pages that show one guide, destination
 * or post pass `DYNAMIC` and set their title themselves. The page's texts are fetched beside
 * its chunk: the title's namespace, and any in `texts`.
 */
function page(
  load: () => Promise<ComponentType>,
  title: string | null | typeof DYNAMIC,
  wrap: (page: ReactNode) => ReactNode = (p) => p,
  texts: string[] = [],
): Pick<RouteObject, 'lazy'> {
  const namespaces = title === DYNAMIC || title === null || !title.includes('.') ? texts : [title.slice(0, title.indexOf('.')), ...texts]
  return {
    lazy: async () => {
      const [Page] = await Promise.all([load(), loadTexts(namespaces)])
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
        // One line a route, so the table reads down its paths.
        // prettier-ignore
        children: [
          { index: true, ...page(() => import('../features/home/home-page').then((m) => m.HomePage), null, undefined, ['home', 'trek']) },
          { path: 'login', ...page(() => import('../features/auth/login-page').then((m) => m.LoginPage), msg('app.titleLogin'), undefined, ['auth']) },
          { path: 'signup', ...page(() => import('../features/auth/signup-page').then((m) => m.SignupPage), msg('app.titleSignup'), undefined, ['auth']) },
          { path: 'forgot-password', ...page(() => import('../features/auth/forgot-password-page').then((m) => m.ForgotPasswordPage), msg('app.titleForgotPassword'), undefined, ['auth']) },
          { path: 'reset-password', ...page(() => import('../features/auth/reset-password-page').then((m) => m.ResetPasswordPage), msg('app.titleResetPassword'), undefined, ['auth']) },
          { path: 'verify-email', ...page(() => import('../features/auth/verify-email-page').then((m) => m.VerifyEmailPage), msg('app.titleVerifyEmail'), undefined, ['auth']) },
          { path: 'selection', ...page(() => import('../features/auth/role-choice-page').then((m) => m.RoleChoicePage), msg('app.titleRoleChoice'), undefined, ['auth']) },
          { path: 'guides', ...page(() => import('../features/guides/guides-page').then((m) => m.GuidesPage), msg('app.titleGuides'), undefined, ['guides', 'filters']) },
          { path: 'guides/:id', ...page(() => import('../features/guides/guide-detail-page').then((m) => m.GuideDetailPage), DYNAMIC, undefined, ['guides', 'tours']) },
          { path: 'tours', ...page(() => import('../features/tours/tours-page').then((m) => m.ToursPage), msg('app.titleTours'), undefined, ['tours', 'filters']) },
          { path: 'tours/:id', ...page(() => import('../features/tours/tour-detail-page').then((m) => m.TourDetailPage), DYNAMIC, undefined, ['tours', 'filters', 'payments']) },
          { path: 'terms', ...page(() => import('../features/legal/legal-pages').then((m) => m.TermsPage), msg('legal.termsTitle')) },
          { path: 'privacy', ...page(() => import('../features/legal/legal-pages').then((m) => m.PrivacyPage), msg('legal.privacyTitle')) },
          { path: 'altitude-sickness', ...page(() => import('../features/tours/altitude-sickness-page').then((m) => m.AltitudeSicknessPage), msg('app.titleAltitudeSickness'), undefined, ['tours']) },
          { path: 'search', ...page(() => import('../features/search/search-page').then((m) => m.SearchPage), msg('app.titleSearch'), undefined, ['search', 'filters', 'trek']) },
          { path: 'destinations', ...page(() => import('../features/destinations/destinations-page').then((m) => m.DestinationsPage), msg('app.titleDestinations'), undefined, ['destinations', 'trek']) },
          { path: 'destination/:id', ...page(() => import('../features/destinations/destination-detail-page').then((m) => m.DestinationDetailPage), DYNAMIC, undefined, ['destinations', 'trek', 'tours']) },
          { path: 'guideform', ...page(() => import('../features/guide-account/guide-form-page').then((m) => m.GuideFormPage), msg('app.titleGuideForm'), (p) => <RequireRole role="guide">{p}</RequireRole>, ['guides']) },
          { path: 'kycform', ...page(() => import('../features/guide-account/certificates-page').then((m) => m.CertificatesPage), msg('app.titleCertificates'), (p) => <RequireRole role="guide">{p}</RequireRole>, ['guides']) },
          // The spec leaves the profile pages' routes unshown; these are Yatra's choice.
          { path: 'guide/profile', ...page(() => import('../features/guide-account/guide-profile-page').then((m) => m.GuideProfilePage), msg('app.titleProfile'), (p) => <RequireRole role="guide">{p}</RequireRole>, ['guides', 'earnings']) },
          { path: 'guide/tours', ...page(() => import('../features/guide-tours/my-tours-page').then((m) => m.MyToursPage), msg('app.titleMyTours'), (p) => <RequireRole role="guide">{p}</RequireRole>, ['guideTours', 'tours', 'bookings']) },
          { path: 'guide/tours/new', ...page(() => import('../features/guide-tours/tour-editor-page').then((m) => m.TourEditorPage), msg('app.titleNewTour'), (p) => <RequireRole role="guide">{p}</RequireRole>, ['guideTours', 'tours', 'bookings']) },
          { path: 'guide/tours/:id/edit', ...page(() => import('../features/guide-tours/tour-editor-page').then((m) => m.TourEditorPage), msg('app.titleEditTour'), (p) => <RequireRole role="guide">{p}</RequireRole>, ['guideTours', 'tours', 'bookings']) },
          { path: 'touristform', ...page(() => import('../features/tourists/traveller-form-page').then((m) => m.TravellerFormPage), msg('app.titleTravellerForm'), (p) => <RequireRole role="tourist">{p}</RequireRole>, ['tourists']) },
          { path: 'tourist/profile', ...page(() => import('../features/tourists/tourist-profile-page').then((m) => m.TouristProfilePage), msg('app.titleProfile'), (p) => <RequireRole role="tourist">{p}</RequireRole>, ['tourists']) },
          { path: 'guideDash', ...page(() => import('../features/bookings/guide-dashboard-page').then((m) => m.GuideDashboardPage), msg('app.titleTrips'), (p) => <RequireRole role="guide">{p}</RequireRole>, ['bookings', 'earnings']) },
          { path: 'request', ...page(() => import('../features/bookings/tour-requests-page').then((m) => m.TourRequestsPage), msg('app.titleTourRequests'), (p) => <RequireRole role="guide">{p}</RequireRole>, ['bookings', 'trek', 'offers', 'tours']) },
          { path: 'dashboard', ...page(() => import('../features/bookings/tourist-dashboard-page').then((m) => m.TouristDashboardPage), msg('app.titleTrips'), (p) => <RequireRole role="tourist">{p}</RequireRole>, ['bookings', 'offline', 'trek', 'offers', 'tours']) },
          { path: 'messages', ...page(() => import('../features/messages/messages-page').then((m) => m.MessagesPage), msg('app.titleMessages'), (p) => <RequireRole role={['guide', 'tourist']}>{p}</RequireRole>, ['messages']) },
          { path: 'messages/with/:userId', ...page(() => import('../features/messages/conversation-with-page').then((m) => m.ConversationWithPage), msg('app.titleMessages'), (p) => <RequireRole role={['guide', 'tourist']}>{p}</RequireRole>, ['messages']) },
          { path: 'messages/:id', ...page(() => import('../features/messages/conversation-page').then((m) => m.ConversationPage), msg('app.titleMessages'), (p) => <RequireRole role={['guide', 'tourist']}>{p}</RequireRole>, ['messages', 'offers', 'tours', 'guideTours']) },
          { path: 'notification', ...page(() => import('../features/notifications/notifications-page').then((m) => m.NotificationsPage), msg('app.titleNotifications'), (p) => <RequireRole role={['guide', 'tourist']}>{p}</RequireRole>, ['notifications']) },
          // Paying is the booking's traveller's; anyone else signed in is told it is not for them.
          { path: 'checkout/:bookingId', ...page(() => import('../features/payments/checkout-page').then((m) => m.CheckoutPage), msg('app.titleCheckout'), (p) => <RequireRole role="tourist" otherRole="forbidden">{p}</RequireRole>, ['payments']) },
          // Where the server sends the browser instead of Stripe when it has no Stripe keys.
          { path: 'sandbox/checkout/:sessionId', ...page(() => import('../features/payments/sandbox-checkout-page').then((m) => m.SandboxCheckoutPage), msg('app.titleCheckout'), (p) => <RequireRole role="tourist" otherRole="forbidden">{p}</RequireRole>, ['payments']) },
          { path: 'success', ...page(() => import('../features/payments/success-page').then((m) => m.SuccessPage), msg('app.titlePaymentReceived'), (p) => <RequireRole role="tourist" otherRole="forbidden">{p}</RequireRole>, ['payments']) },
          { path: 'cancel', ...page(() => import('../features/payments/cancel-page').then((m) => m.CancelPage), msg('app.titlePaymentCancelled'), undefined, ['payments']) },
          // Where Khalti and eSewa send the traveller back; the server confirms with the wallet.
          { path: 'payments/khalti/return', ...page(() => import('../features/payments/wallet-return-pages').then((m) => m.KhaltiReturnPage), msg('app.titleKhaltiPayment'), (p) => <RequireRole role="tourist" otherRole="forbidden">{p}</RequireRole>, ['payments']) },
          { path: 'payments/esewa/success', ...page(() => import('../features/payments/wallet-return-pages').then((m) => m.EsewaSuccessPage), msg('app.titleEsewaPayment'), (p) => <RequireRole role="tourist" otherRole="forbidden">{p}</RequireRole>, ['payments']) },
          { path: 'payments/esewa/failure', ...page(() => import('../features/payments/wallet-return-pages').then((m) => m.EsewaFailurePage), msg('app.titleEsewaPayment'), undefined, ['payments']) },
          // The booking's guide and admins may read a receipt too (the server decides whose).
          { path: 'receipt/:bookingId', ...page(() => import('../features/payments/receipt-page').then((m) => m.ReceiptPage), msg('app.titleReceipt'), (p) => <RequireRole role={['tourist', 'guide', 'admin']}>{p}</RequireRole>, ['payments', 'offline']) },
          { path: 'admin', ...page(() => import('../features/admin/admin-page').then((m) => m.AdminPage), msg('app.titleAdmin'), (p) => <RequireRole role="admin" otherRole="forbidden">{p}</RequireRole>, ['admin', 'trek']) },
          { path: 'saved', ...page(() => import('../features/saved/saved-page').then((m) => m.SavedPage), msg('app.titleSaved'), (p) => <RequireRole role={ANY_ROLE}>{p}</RequireRole>, ['saved', 'trek']) },
          { path: 'blogs', ...page(() => import('../features/blogs/blogs-page').then((m) => m.BlogsPage), msg('app.titleBlogs'), undefined, ['blogs']) },
          { path: 'blog/dashboard', ...page(() => import('../features/blogs/blog-dashboard-page').then((m) => m.BlogDashboardPage), msg('app.titleBlogDashboard'), (p) => <RequireRole role={ANY_ROLE}>{p}</RequireRole>, ['blogs']) },
          { path: 'blog/create', ...page(() => import('../features/blogs/blog-form-page').then((m) => m.BlogFormPage), msg('app.titleWritePost'), (p) => <RequireRole role={ANY_ROLE}>{p}</RequireRole>, ['blogs']) },
          { path: 'blog/edit/:blogId', ...page(() => import('../features/blogs/blog-form-page').then((m) => m.BlogFormPage), msg('app.titleEditPost'), (p) => <RequireRole role={ANY_ROLE}>{p}</RequireRole>, ['blogs']) },
          { path: 'blog/:blogId', ...page(() => import('../features/blogs/blog-detail-page').then((m) => m.BlogDetailPage), DYNAMIC, undefined, ['blogs']) },
          { path: '*', ...page(() => import('./not-found-page').then((m) => m.NotFoundPage), msg('app.titleNotFound')) },
        ],
      },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(routes)
}
