import { lazy, Suspense } from 'react'
import { Link, Outlet, ScrollRestoration } from 'react-router'
import { LogoMark } from '../../components/logo'
import { useT } from '../../i18n/messages'
import { useAuth } from '../../lib/auth-store'
import { EmergencyPanel } from './emergency-panel'
import { NavBar } from './nav-bar'
import { TouristBuddy } from './tourist-buddy'

const VerifyEmailBanner = lazy(() => import('./signed-in').then((m) => ({ default: m.VerifyEmailBanner })))
const MergeLocalSaved = lazy(() => import('./signed-in').then((m) => ({ default: m.MergeLocalSaved })))

function Footer() {
  const t = useT()
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white print:hidden">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <div className="flex items-center gap-2">
          <LogoMark className="h-6 w-6" />
          <span>{t('app.footerTagline')}</span>
        </div>
        <nav aria-label={t('app.footerNav')} className="flex flex-wrap gap-x-5 gap-y-2">
          <Link to="/guides" className="hover:text-himal-700">
            {t('app.navGuides')}
          </Link>
          <Link to="/destinations" className="hover:text-himal-700">
            {t('app.navDestinations')}
          </Link>
          <Link to="/blogs" className="hover:text-himal-700">
            {t('app.navBlogs')}
          </Link>
          <Link to="/terms" className="hover:text-himal-700">
            {t('app.footerTerms')}
          </Link>
          <Link to="/privacy" className="hover:text-himal-700">
            {t('app.footerPrivacy')}
          </Link>
        </nav>
      </div>
    </footer>
  )
}

/** Every page: navigation bar, content, and the floating assistant and emergency buttons. */
export function RootLayout() {
  const t = useT()
  const { isSignedIn } = useAuth()
  return (
    <div className="flex min-h-screen flex-col pb-14 print:pb-0">
      <a href="#main" className="sr-only z-50 rounded-lg bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        {t('app.skipToContent')}
      </a>
      <NavBar />
      {isSignedIn && (
        <Suspense fallback={null}>
          <VerifyEmailBanner />
          <MergeLocalSaved />
        </Suspense>
      )}
      {/* At least a screen tall, so the footer starts below the first screen and a page's
          content arriving moves it out of sight, never across the view (no layout shift). */}
      <main id="main" className="min-h-screen flex-1">
        <Outlet />
      </main>
      <Footer />
      {/* The help buttons live in a bar of their own whose height the page keeps free
          (pb-14 above), so they never sit over a control or a line of text. Printing a page
          (a receipt) prints its content, not the bar. */}
      <aside aria-label={t('app.helpBar')} className="fixed inset-x-0 bottom-0 z-50 h-14 border-t border-slate-200 bg-white print:hidden">
        <div className="mx-auto flex h-full max-w-6xl items-center justify-between px-4 sm:px-6 lg:px-8">
          <EmergencyPanel />
          <TouristBuddy />
        </div>
      </aside>
      {/* A freshly loaded document always has the key 'default'; key it by path instead so
          loading a different URL does not inherit the previous page's scroll position. */}
      <ScrollRestoration getKey={(location) => (location.key === 'default' ? location.pathname : location.key)} />
    </div>
  )
}
