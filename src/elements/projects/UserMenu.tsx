import {
  autoUpdate,
  flip,
  FloatingFocusManager,
  FloatingPortal,
  offset,
  shift,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useListNavigation,
  useRole,
} from '@floating-ui/react'
import { useRef, useState, type HTMLProps } from 'react'
import { emit } from '../../events'
import { useFlexStore } from '../../hooks/useFlexStore'
import { useNavigation } from '../../router/navigation'
import { store } from '../../store'
import { useElement } from '../context'

// accessData is the server's body as-is: read user.name / user.email only when they are text.
const userText = (field: 'name' | 'email') => (s: { accessData: { [k: string]: unknown } | null }) => {
  const user = s.accessData?.user
  const value = user && typeof user === 'object' ? (user as Record<string, unknown>)[field] : undefined
  return typeof value === 'string' && value.trim() ? value.trim() : null
}
const selectName = userText('name')
const selectEmail = userText('email')

// useListNavigation moves real focus to the active item, so :focus is the highlight.
const itemClass = 'block w-full px-4 py-2 text-left text-sm hover:bg-raised focus:bg-raised focus:outline-none'

/**
 * The top-right user menu (spec §2): Your Profile and Settings are links when
 * the host gives profile-url / settings-url and inert otherwise; Sign out ends
 * the session and goes to /.
 */
export function UserMenu() {
  const { root, host, urls } = useElement()
  const { navigate } = useNavigation()
  const name = useFlexStore(selectName)
  const email = useFlexStore(selectEmail)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState<number | null>(null)
  const listRef = useRef<Array<HTMLElement | null>>([])

  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    placement: 'bottom-end',
    whileElementsMounted: autoUpdate,
    middleware: [offset(8), flip({ padding: 8 }), shift({ padding: 8 })],
  })
  const click = useClick(context)
  const dismiss = useDismiss(context)
  const role = useRole(context, { role: 'menu' })
  // disabledIndices: []: the inert items stay reachable with the arrows, as
  // the ARIA menu pattern recommends for disabled items (announced as unavailable).
  const list = useListNavigation(context, { listRef, activeIndex: active, onNavigate: setActive, loop: true, disabledIndices: [] })
  const { getReferenceProps, getFloatingProps, getItemProps } = useInteractions([click, dismiss, role, list])

  const signOut = () => {
    setOpen(false)
    store.getState().signOut()
    emit(host, 'flex-signed-out', { reason: 'user' })
    navigate('/')
  }

  const itemProps = (index: number, extra: HTMLProps<HTMLElement> = {}) =>
    getItemProps({
      ...extra,
      ref: (node: HTMLElement | null) => {
        listRef.current[index] = node
      },
      role: 'menuitem',
      tabIndex: active === index ? 0 : -1,
    } as HTMLProps<HTMLElement>)

  const linkOrInert = (index: number, label: string, href: string | undefined) =>
    href ? (
      <a key={label} href={href} className={`${itemClass} text-fg`} {...itemProps(index, { onClick: () => setOpen(false) })}>
        {label}
      </a>
    ) : (
      <button key={label} type="button" aria-disabled="true" className={`${itemClass} cursor-not-allowed text-muted`} {...itemProps(index)}>
        {label}
      </button>
    )

  const initial = (name ?? email ?? '').charAt(0).toUpperCase()
  return (
    <>
      <button
        ref={refs.setReference}
        type="button"
        aria-label="User menu"
        className="flex h-9 w-9 items-center justify-center rounded-full border border-border bg-raised text-sm font-semibold text-fg hover:border-muted focus:outline-none focus-visible:ring-2 focus-visible:ring-focus"
        {...getReferenceProps()}
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
        <FloatingPortal root={root}>
          <div className="flex-root">
            <FloatingFocusManager context={context} modal={false}>
              <div
                ref={refs.setFloating}
                style={floatingStyles}
                className="z-50 w-56 rounded-flex border border-border bg-surface py-1 text-fg shadow-xl focus:outline-none"
                {...getFloatingProps()}
              >
                {(name || email) && (
                  <div role="none" className="border-b border-border px-4 py-2 text-sm">
                    <p className="text-xs text-muted">Signed in as</p>
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
                {linkOrInert(0, 'Your Profile', urls.profile)}
                {linkOrInert(1, 'Settings', urls.settings)}
                <button type="button" className={`${itemClass} text-fg`} {...itemProps(2, { onClick: signOut })}>
                  Sign out
                </button>
              </div>
            </FloatingFocusManager>
          </div>
        </FloatingPortal>
      )}
    </>
  )
}
