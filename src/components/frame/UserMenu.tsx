import { useDismiss, useFloatingRootContext } from '@floating-ui/react'
import { useId, useLayoutEffect, useRef, useState, type FocusEvent, type HTMLProps, type KeyboardEvent } from 'react'
import { useFlexStore } from '../../hooks/useFlexStore'
import { useNavigation } from '../../router/navigation'
import { signOut as endSession } from '../../store/session'
import { useElement } from '../../context/element'
import { useCapability } from '../../hooks/useCapability'
import { useT } from '../../i18n'
import { frame } from '../../i18n/en/frame'

// accessData is the server's body as-is: read user.name / user.email only when they are text.
const userText = (field: 'name' | 'email') => (s: { accessData: { [k: string]: unknown } | null }) => {
  const user = s.accessData?.user
  const value = user && typeof user === 'object' ? (user as Record<string, unknown>)[field] : undefined
  return typeof value === 'string' && value.trim() ? value.trim() : null
}
const selectName = userText('name')
const selectEmail = userText('email')

// The arrow keys move real focus between the items (onMenuKeyDown below), so :focus is the highlight.
const itemClass = 'block w-full px-4 py-2 text-start text-sm hover:bg-raised focus:bg-raised focus:outline-none'

/**
 * The top-right user menu: Your Profile and Settings follow profile-url /
 * settings-url when the host gives them, else lead to the account's own views
 * (/profile: name and e-mail; /settings: password, sessions, deletion) on a
 * server with accounts, and are inert only against a spec-only server; Sign
 * out ends the session and goes to /.
 */
export function UserMenu() {
  const { host, root, urls, apiBase } = useElement()
  const { navigate, hrefFor } = useNavigation()
  const accountRoutes = useCapability('accounts') && host.localName === 'flex-portal'
  const name = useFlexStore(selectName)
  const email = useFlexStore(selectEmail)
  const [open, setOpen] = useState(false)
  const t = useT(frame)
  const [active, setActive] = useState<number | null>(null)
  const listRef = useRef<Array<HTMLElement | null>>([])

  // Opening makes the first item the tabbable one, and focus moves there (below).
  const onOpenChange = (next: boolean) => {
    setOpen(next)
    setActive(next ? 0 : null)
  }
  // Placed by CSS (under the trigger, aligned to its end edge, the left in right
  // to left): the trigger sits in the header's end corner, where the menu always fits, so no positioning engine ships.
  const [reference, setReference] = useState<HTMLElement | null>(null)
  const [floating, setFloating] = useState<HTMLElement | null>(null)
  const context = useFloatingRootContext({ open, onOpenChange, elements: { reference, floating } })
  // floating-ui closes on Escape and on presses outside;
  // the click toggle and the ARIA menu roles are plain props, which keeps
  // useClick/useRole/useInteractions out of the bundle (about 1 kB).
  const dismiss = useDismiss(context)
  const dismissFloating = (dismiss.floating ?? {}) as HTMLProps<HTMLDivElement>
  const menuId = useId()
  const triggerId = useId()
  // Arrow keys, Home and End move focus through the items, wrapping; the inert
  // items stay reachable, as the ARIA menu pattern recommends for disabled items.
  const onMenuKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    dismissFloating.onKeyDown?.(e)
    const items = listRef.current.filter((el): el is HTMLElement => el !== null)
    const current = items.indexOf(e.target as HTMLElement)
    const keys: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: items.length - 1 }
    if (!(e.key in keys)) return
    e.preventDefault()
    const next = (keys[e.key] + items.length) % items.length
    setActive(next)
    items[next].focus()
  }

  // Focus goes to the first item on opening, and back to the trigger on
  // closing unless the reader has moved it elsewhere (a press on another control).
  useLayoutEffect(() => {
    if (!floating) return
    listRef.current[0]?.focus()
    return () => {
      const now = root.activeElement
      if (!now || !now.isConnected || floating.contains(now)) reference?.focus()
    }
  }, [floating, reference, root])
  // Tab out of the menu closes it, as the ARIA menu pattern has it; back to the trigger is not "out".
  const onMenuBlur = (e: FocusEvent<HTMLDivElement>) => {
    const next = e.relatedTarget as Node | null
    if (next && !e.currentTarget.contains(next) && next !== reference) setOpen(false)
  }

  const signOut = () => {
    setOpen(false)
    endSession(host, apiBase, 'user')
    navigate('/')
  }

  const itemProps = (index: number, extra: HTMLProps<HTMLElement> = {}) =>
    ({
      ...extra,
      ref: (node: HTMLElement | null) => {
        listRef.current[index] = node
      },
      role: 'menuitem',
      tabIndex: active === index ? 0 : -1,
    }) as Record<string, unknown>

  // The host's URL wins; else <flex-portal> on a server with accounts has its own route; else inert, as the spec has it.
  const menuItem = (index: number, label: string, href: string | undefined, route: string) =>
    href || accountRoutes ? (
      <a
        key={label}
        href={href ?? hrefFor(route)}
        className={`${itemClass} text-fg`}
        {...itemProps(index, {
          onClick: (e) => {
            setOpen(false)
            if (href) return
            e.preventDefault()
            navigate(route)
          },
        })}
      >
        {label}
      </a>
    ) : (
      <button key={label} type="button" aria-disabled="true" className={`${itemClass} cursor-not-allowed text-muted`} {...itemProps(index)}>
        {label}
      </button>
    )

  const initial = (name ?? email ?? '').charAt(0).toUpperCase()
  return (
    <div className="relative">
      <button
        ref={setReference}
        type="button"
        id={triggerId}
        aria-label={t('frame.user.menu')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => onOpenChange(!open)}
        className="flex h-9 w-9 items-center justify-center rounded-full border border-border bg-raised text-sm font-semibold text-fg hover:border-muted focus:outline-none focus-visible:ring-2 focus-visible:ring-focus"
        {...(dismiss.reference as Record<string, unknown>)}
      >
        {initial ? (
          <span aria-hidden="true">{initial}</span>
        ) : (
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={1.8}>
            <circle cx="12" cy="8" r="4" />
            <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
          </svg>
        )}
      </button>
      {open && (
        <div
          ref={setFloating}
          className="absolute right-0 top-full rtl:left-0 rtl:right-auto z-50 mt-2 w-56 rounded-flex border border-border bg-surface py-1 text-fg shadow-xl focus:outline-none"
          {...dismissFloating}
          id={menuId}
          role="menu"
          aria-labelledby={triggerId}
          onKeyDown={onMenuKeyDown}
          onBlur={onMenuBlur}
        >
          {(name || email) && (
            <div role="none" className="border-b border-border px-4 py-2 text-sm">
              <p className="text-xs text-muted">{t('frame.user.signedInAs')}</p>
              {name && (
                <p dir="auto" className="truncate font-medium" title={name}>
                  {name}
                </p>
              )}
              {email && (
                <p dir="auto" className="truncate text-muted" title={email}>
                  {email}
                </p>
              )}
            </div>
          )}
          {menuItem(0, t('frame.user.profile'), urls.profile, '/profile')}
          {menuItem(1, t('frame.user.settings'), urls.settings, '/settings')}
          <button type="button" className={`${itemClass} text-fg`} {...itemProps(2, { onClick: signOut })}>
            {t('frame.user.signOut')}
          </button>
        </div>
      )}
    </div>
  )
}
