import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { LanguageSwitch } from './LanguageSwitch'

const GROUPS = [
  {
    title: msg`Buy`,
    links: [
      { to: '/explore', label: msg`Explore` },
      { to: '/creators', label: msg`Creators` },
      { to: '/downloads', label: msg`Your downloads` },
    ],
  },
  {
    title: msg`Sell`,
    links: [
      { to: '/register', label: msg`Open a storefront` },
      { to: '/pricing', label: msg`Pricing` },
      { to: '/features', label: msg`Features` },
    ],
  },
  {
    title: msg`Help`,
    links: [
      { to: '/contact-us', label: msg`Contact us` },
      { to: '/account', label: msg`Your account` },
    ],
  },
] as const

/** Every page's footer: where to buy, sell and get help, how buyers pay, and the page in the other language. */
export function SiteFooter() {
  const { t } = useLingui()
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div className="footer-about">
          <p className="footer-brand">Soko</p>
          <p>
            <Trans>Creators in East Africa and beyond, paid by M‑Pesa, card or PayPal.</Trans>
          </p>
          <p>
            <LanguageSwitch />
          </p>
        </div>
        <nav aria-label={t`Footer`} className="footer-nav">
          {GROUPS.map((group) => (
            <div key={group.title.id}>
              <h2>{t(group.title)}</h2>
              <ul>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{t(link.label)}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <p className="footer-legal">© {new Date().getFullYear()} Soko</p>
      </div>
    </footer>
  )
}
