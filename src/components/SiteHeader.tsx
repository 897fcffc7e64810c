import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate, useRouterState } from '@tanstack/react-router'
import { type FormEvent, lazy, Suspense } from 'react'
import { useSession } from '../lib/session'
import { InstallButton } from './AppStatus'
import { Icon } from './Icon'
import { LanguageSwitch } from './LanguageSwitch'

/** Where a signed-in person goes if the menu's code cannot be fetched: their account page has it all. */
function AccountLink() {
  return (
    <Link to="/account" className="nav-link">
      <Trans>Account</Trans>
    </Link>
  )
}

const AccountMenu = lazy(() =>
  import('./AccountMenu').then(
    (module) => ({ default: module.AccountMenu }),
    () => ({ default: AccountLink }),
  ),
)

/** "Sign in" (and "Install Soko" while the browser offers it) for a visitor; the account menu once signed in. */
function SessionArea() {
  const session = useSession()
  if (!session.token)
    return (
      <>
        <InstallButton />
        <Link to="/login" className="button button-small">
          <Trans>Sign in</Trans>
        </Link>
      </>
    )
  return (
    <Suspense fallback={<span className="account-menu-pending skeleton" />}>
      <AccountMenu />
    </Suspense>
  )
}

/**
 * Product search from any page: a plain GET form to /explore?q=…, so it works before the app's script has
 * run; with it, a client navigation. /explore has a search of its own, so the header leaves it out there.
 */
function HeaderSearch() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const onExplore = useRouterState({ select: (s) => s.location.pathname.startsWith('/explore') })
  if (onExplore) return null
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim()
    void navigate({ to: '/explore', search: q ? { q } : {} })
  }
  return (
    <search className="header-search">
      <form action="/explore" method="get" onSubmit={onSubmit}>
        <label htmlFor="site-search" className="visually-hidden">
          <Trans>Search products</Trans>
        </label>
        <input
          id="site-search"
          name="q"
          type="search"
          placeholder={t`Presets, tickets, T-shirts…`}
          enterKeyHint="search"
          maxLength={100}
        />
        <button type="submit" aria-label={t`Search`}>
          <Icon name="search" size={20} />
        </button>
      </form>
    </search>
  )
}

/** Every page's header: the logo, product search, the main links and the account menu. It never scrolls sideways. */
export function SiteHeader() {
  const { t } = useLingui()
  return (
    <header className="site-header">
      <div className="header-inner">
        <Link to="/" className="brand" aria-label={t`Soko home`}>
          <svg className="brand-mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
            <rect width="32" height="32" rx="9" fill="currentColor" />
            <path d="M9 12h14l-1.5 12h-11L9 12Zm4 0v-1.5a3 3 0 0 1 6 0V12" className="brand-bag" />
          </svg>
          <span>Soko</span>
        </Link>
        <HeaderSearch />
        <nav aria-label={t`Main`} className="main-nav">
          <ul className="nav-links">
            <li>
              <Link to="/explore" className="nav-link">
                <Trans>Explore</Trans>
              </Link>
            </li>
            <li className="nav-creators">
              <Link to="/creators" className="nav-link">
                <Trans>Creators</Trans>
              </Link>
            </li>
            <li className="nav-wide">
              <Link to="/pricing" className="nav-link">
                <Trans>Pricing</Trans>
              </Link>
            </li>
            <li>
              <LanguageSwitch short />
            </li>
          </ul>
          <SessionArea />
        </nav>
      </div>
    </header>
  )
}
