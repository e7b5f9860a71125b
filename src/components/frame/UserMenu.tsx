import { useFlexStore } from '../../hooks/useFlexStore'
import { useNavigation } from '../../router/navigation'
import { signOut as endSession } from '../../store/session'
import { useElement } from '../../context/element'
import { useCapability } from '../../hooks/useCapability'
import { useT } from '../../i18n'
import { frame } from '../../i18n/en/frame'
import { useMenu } from '../menu/useMenu'
import { FOCUS_RING } from '../focus-ring'

// accessData is the server's body as-is: read user.name / user.email only when they are text.
const userText = (field: 'name' | 'email') => (s: { accessData: { [k: string]: unknown } | null }) => {
  const user = s.accessData?.user
  const value = user && typeof user === 'object' ? (user as Record<string, unknown>)[field] : undefined
  return typeof value === 'string' && value.trim() ? value.trim() : null
}
const selectName = userText('name')
const selectEmail = userText('email')

// The arrow keys move real focus between the items (useMenu), so :focus is the highlight.
const itemClass = 'block w-full px-4 py-2 text-start text-sm hover:bg-raised focus:bg-raised focus:outline-none'

/**
 * The top-right user menu: Your Profile and Settings follow profile-url /
 * settings-url when the host gives them, else lead to the account's own views
 * (/profile: name and e-mail; /settings: password, sessions, deletion) on a
 * server with accounts, and are inert only against a spec-only server; Sign
 * out ends the session and goes to /.
 */
export function UserMenu() {
  const { host, urls, apiBase } = useElement()
  const { navigate, hrefFor } = useNavigation()
  const accountRoutes = useCapability('accounts') && host.localName === 'flex-portal'
  const name = useFlexStore(selectName)
  const email = useFlexStore(selectEmail)
  const t = useT(frame)
  // Placed by CSS (under the trigger, aligned to its end edge, the left in right
  // to left): the trigger sits in the header's end corner, where the menu always fits, so no positioning engine ships.
  const { open, close, trigger, menu, item } = useMenu()

  const signOut = () => {
    close()
    endSession(host, apiBase, 'user')
    navigate('/')
  }

  // The host's URL wins; else <flex-portal> on a server with accounts has its own route; else inert, as the spec has it.
  const menuItem = (index: number, label: string, href: string | undefined, route: string) =>
    href || accountRoutes ? (
      <a
        key={label}
        href={href ?? hrefFor(route)}
        className={`${itemClass} text-fg`}
        {...item(index)}
        onClick={(e) => {
          close()
          if (href) return
          e.preventDefault()
          navigate(route)
        }}
      >
        {label}
      </a>
    ) : (
      <button key={label} type="button" aria-disabled="true" className={`${itemClass} cursor-not-allowed text-muted`} {...item(index)}>
        {label}
      </button>
    )

  const initial = (name ?? email ?? '').charAt(0).toUpperCase()
  return (
    <div className="relative">
      <button
        type="button"
        aria-label={t('frame.user.menu')}
        {...trigger}
        className={`flex h-9 w-9 items-center justify-center rounded-full border border-border bg-raised text-sm font-semibold text-fg hover:border-muted ${FOCUS_RING}`}
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
          {...menu}
          className="absolute right-0 top-full rtl:left-0 rtl:right-auto z-50 mt-2 w-56 rounded-flex border border-border bg-surface py-1 text-fg shadow-xl focus:outline-none"
        >
          {(name || email) && (
            <div role="none" className="border-b border-border px-4 py-2 text-sm">
              <p className="text-xs text-muted">{t('frame.user.signedInAs')}</p>
              {name && (
                <p dir="auto" className="truncate font-medium" title={name}>
                  {name}
                </p>
              )}
              {/* The address whole, wrapped: a touch screen never shows a hover title. */}
              {email && (
                <p dir="auto" className="break-words text-muted">
                  {email}
                </p>
              )}
            </div>
          )}
          {menuItem(0, t('frame.user.profile'), urls.profile, '/profile')}
          {menuItem(1, t('frame.user.settings'), urls.settings, '/settings')}
          <button type="button" className={`${itemClass} text-fg`} {...item(2)} onClick={signOut}>
            {t('frame.user.signOut')}
          </button>
        </div>
      )}
    </div>
  )
}
