import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { useInstallPrompt } from '../lib/install'
import { RpcError, rpc } from '../lib/rpc'
import { clearSession, useSession } from '../lib/session'
import { Avatar } from './Avatar'
import { Icon } from './Icon'

/** The menu's items that take the focus, in order: its links and buttons. */
const items = (panel: HTMLElement | null) =>
  Array.from(panel?.querySelectorAll<HTMLElement>('a[href], button:not(:disabled)') ?? [])

/**
 * A signed-in person's avatar button in the header, which opens their account menu: a disclosure
 * (aria-expanded) whose links and buttons are in the tab order, with the arrow keys, Home and End to move
 * among them, and Escape, a click elsewhere or leaving it with Tab to close it (Escape puts the focus back
 * on the button). Its own chunk: a visitor who is not signed in never downloads it (SiteHeader.tsx).
 */
export function AccountMenu() {
  const { t } = useLingui()
  const session = useSession()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const install = useInstallPrompt()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  /** Which item to focus once the panel is on screen, when the keyboard opened it. */
  const focusOnOpen = useRef<'first' | 'last' | null>(null)
  const panelId = useId()

  useEffect(() => {
    if (!open) return
    const target = focusOnOpen.current
    focusOnOpen.current = null
    if (target) {
      const list = items(panel.current)
      ;(target === 'first' ? list[0] : list.at(-1))?.focus()
    }
    const inside = (node: EventTarget | null) => node instanceof Node && !!root.current?.contains(node)
    const onPointer = (event: PointerEvent) => {
      if (!inside(event.target)) setOpen(false)
    }
    // Leaving the menu with Tab (or anything else that moves the focus away) closes it.
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget && !inside(event.relatedTarget)) setOpen(false)
    }
    const onKey = (event: KeyboardEvent) => {
      // The key that opened the menu reaches here too, once it is open: it has done its work.
      if (event.defaultPrevented || !inside(document.activeElement)) return
      if (event.key === 'Escape') {
        event.preventDefault()
        setOpen(false)
        button.current?.focus()
        return
      }
      const list = items(panel.current)
      const at = list.indexOf(document.activeElement as HTMLElement)
      if (at < 0) return
      const to = {
        ArrowDown: (at + 1) % list.length,
        ArrowUp: (at - 1 + list.length) % list.length,
        Home: 0,
        End: list.length - 1,
      }[event.key]
      if (to === undefined) return
      event.preventDefault()
      list[to]?.focus()
    }
    const menu = root.current
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    menu?.addEventListener('focusout', onFocusOut)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
      menu?.removeEventListener('focusout', onFocusOut)
    }
  }, [open])

  const close = (refocus: boolean) => {
    setOpen(false)
    if (refocus) button.current?.focus()
  }
  const signOut = async () => {
    setBusy(true)
    try {
      await rpc('signOut', {})
    } catch (error) {
      // Offline or already ended on the server: this device forgets the session all the same.
      if (!(error instanceof RpcError)) console.error(error)
    }
    // Off the signed-in page first: cleared while still on it, its queries would ask again without a token.
    setOpen(false)
    await navigate({ to: '/' })
    queryClient.clear()
    await clearSession()
    setBusy(false)
  }
  const onButtonKey = (event: ReactKeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    event.preventDefault()
    const edge = event.key === 'ArrowDown' ? 'first' : 'last'
    if (open) {
      const list = items(panel.current)
      ;(edge === 'first' ? list[0] : list.at(-1))?.focus()
    } else {
      focusOnOpen.current = edge
      setOpen(true)
    }
  }
  const user = session.user
  const isSeller = user?.roles.includes('seller') ?? false
  const item = (to: string, label: string) => (
    <li>
      <Link to={to} className="menu-item" onClick={() => close(false)}>
        {label}
      </Link>
    </li>
  )
  return (
    <div className="account-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="account-button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={t`Account menu`}
        onKeyDown={onButtonKey}
        onClick={(event) => {
          // Opened from the keyboard (Enter or Space: no pointer, detail 0), the first item takes the focus.
          if (!open && event.detail === 0) focusOnOpen.current = 'first'
          setOpen(!open)
        }}
      >
        <Avatar name={user?.name || 'Soko'} avatar={user?.avatar} />
        <Icon d="m6 9 6 6 6-6" size={16} />
      </button>
      {open ? (
        <div className="menu-panel" id={panelId} ref={panel}>
          {user ? (
            <Link to="/account" className="menu-who" onClick={() => close(false)}>
              <strong>{user.name}</strong>
              <span className="muted">{user.email}</span>
            </Link>
          ) : null}
          <ul>
            {item('/account/purchases', t`Purchases`)}
            {item('/account/memberships', t`Memberships`)}
            {item('/downloads', t`Downloads`)}
            {isSeller ? (
              <>
                {item('/account/bookings', t`Bookings`)}
                {item('/account/customers', t`Customers`)}
                {item('/account/members', t`Members`)}
                {item('/account/invoices', t`Invoices`)}
                {item('/account/products', t`Your products`)}
                {item('/account/discounts', t`Discount codes`)}
                {item('/account/withdraw', t`Withdraw`)}
                {item('/account/developers', t`Developers`)}
              </>
            ) : (
              item('/register', t`Open a storefront`)
            )}
            {item('/account/settings', t`Settings`)}
            {user?.roles.includes('admin') ? item('/admin', t`Admin`) : null}
          </ul>
          <div className="menu-end">
            {install.available ? (
              <button
                type="button"
                className="menu-item"
                onClick={() => {
                  close(true)
                  void install.install()
                }}
              >
                <Icon name="install" size={18} /> <Trans>Install Soko</Trans>
              </button>
            ) : null}
            <button type="button" className="menu-item" onClick={() => void signOut()} disabled={busy}>
              <Trans>Sign out</Trans>
            </button>
          </div>
        </div>
      ) : null}
    </div>
  )
}
