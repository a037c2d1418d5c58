import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { Link, NavLink, useNavigate } from 'react-router'
import { CloseIcon, MenuIcon } from '../../components/shell-icons'
import { Wordmark } from '../../components/logo'
import { msg, useT } from '../../i18n/messages'
import { useAuth } from '../../lib/auth-store'
import { useDismiss } from '../../lib/use-dismiss'
import { CurrencySwitcher } from './currency-switcher'
import { LanguageSwitcher } from './language-switcher'

const ProfileMenu = lazy(() => import('./signed-in').then((m) => ({ default: m.ProfileMenu })))

const SCROLL_THRESHOLD_PX = 50

const links = [
  { to: '/', label: msg('app.navHome') },
  { to: '/guides', label: msg('app.navGuides') },
  { to: '/tours', label: msg('app.navTours') },
  { to: '/destinations', label: msg('app.navDestinations') },
  { to: '/blogs', label: msg('app.navBlogs') },
]

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false)
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold)
    onScroll()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [threshold])
  return scrolled
}

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium transition-colors ${isActive ? 'bg-himal-50 text-himal-800' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'}`

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-3 text-base font-medium ${isActive ? 'bg-himal-50 text-himal-800' : 'text-slate-700 hover:bg-slate-100'}`

export function NavBar() {
  const { isSignedIn, role } = useAuth()
  const navigate = useNavigate()
  const t = useT()
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX)
  const [menuOpen, setMenuOpen] = useState(false)
  const menuRef = useRef<HTMLDivElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const closeMenu = useCallback(() => setMenuOpen(false), [])
  useDismiss(menuOpen, closeMenu, [menuRef, toggleRef], toggleRef)

  const afterLogout = useCallback(() => {
    setMenuOpen(false)
    navigate('/')
  }, [navigate])

  return (
    <header
      className={`sticky top-0 z-40 border-b transition-all duration-300 print:hidden ${
        scrolled ? 'border-slate-200 bg-white/95 shadow-md backdrop-blur-md' : 'border-transparent bg-white/70 backdrop-blur-sm'
      }`}
      data-scrolled={scrolled}
    >
      <nav
        aria-label={t('app.mainNav')}
        className={`mx-auto flex max-w-6xl items-center gap-2 px-4 sm:gap-4 transition-all duration-300 sm:px-6 lg:px-8 ${scrolled ? 'h-14' : 'h-18'}`}
      >
        <Link to="/" className="shrink-0 rounded-lg" aria-label={t('app.homeLink')} onClick={closeMenu}>
          <Wordmark />
        </Link>

        {/* Five links, two switchers and the account fit side by side from 1024 px; below, the menu. */}
        <ul className="ml-6 hidden items-center gap-1 lg:flex">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.to === '/'} className={desktopLink}>
                {t(link.label)}
              </NavLink>
            </li>
          ))}
        </ul>

        <div className="ml-auto flex items-center gap-2">
          <div className="hidden items-center gap-2 lg:flex">
            <LanguageSwitcher variant="compact" />
            <CurrencySwitcher variant="compact" />
          </div>
          {isSignedIn ? (
            // Holds a place for the menu button while its code arrives (signed-in accounts only).
            <Suspense fallback={<span aria-hidden="true" className="h-10 w-10" />}>
              <ProfileMenu role={role ?? ''} onLoggedOut={afterLogout} />
            </Suspense>
          ) : (
            <Link to="/login" className="btn-primary hidden px-4 py-2 lg:inline-flex">
              {t('app.login')}
            </Link>
          )}
          <button
            ref={toggleRef}
            type="button"
            className="flex h-10 w-10 items-center justify-center rounded-lg text-2xl text-slate-700 hover:bg-slate-100 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? t('app.closeMenu') : t('app.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </nav>

      {menuOpen && (
        <div ref={menuRef} id="mobile-menu" className="border-t border-slate-200 bg-white shadow-lg lg:hidden">
          <ul className="space-y-1 px-4 py-3">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === '/'} className={mobileLink} onClick={closeMenu}>
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
            <li className="border-t border-slate-100 pt-2">
              <LanguageSwitcher variant="full" />
              <CurrencySwitcher variant="full" />
            </li>
            {!isSignedIn && (
              <li className="pt-2">
                <Link to="/login" className="btn-primary w-full py-3" onClick={closeMenu}>
                  {t('app.login')}
                </Link>
              </li>
            )}
          </ul>
        </div>
      )}
    </header>
  )
}
