import { Link } from '@tanstack/react-router'

const GROUPS = [
  {
    title: 'Buy',
    links: [
      { to: '/explore', label: 'Explore' },
      { to: '/creators', label: 'Creators' },
      { to: '/downloads', label: 'Your downloads' },
    ],
  },
  {
    title: 'Sell',
    links: [
      { to: '/register', label: 'Open a storefront' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/features', label: 'Features' },
    ],
  },
  {
    title: 'Help',
    links: [
      { to: '/contact-us', label: 'Contact us' },
      { to: '/account', label: 'Your account' },
    ],
  },
] as const

/** Every page's footer: where to buy, sell and get help, and how buyers pay. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div className="footer-about">
          <p className="footer-brand">Soko</p>
          <p>Creators in East Africa and beyond, paid by M‑Pesa, card or PayPal.</p>
        </div>
        <nav aria-label="Footer" className="footer-nav">
          {GROUPS.map((group) => (
            <div key={group.title}>
              <h2>{group.title}</h2>
              <ul>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
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
