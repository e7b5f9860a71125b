import { useEffect, useState, type ComponentType, type ReactNode } from 'react'
import { chunk, whenIdle } from '../chunk/chunk'
import { MenuIcon } from '../icons/MenuIcon'
import { useElement } from '../../context/element'
import { Sidebar } from './Sidebar'
import { SidebarNav } from './SidebarNav'
import { UserMenu } from './UserMenu'
import { useT } from '../../i18n'
import { useNavigation } from '../../router/navigation'
import { frame } from '../../i18n/en/frame'
import { FOCUS_RING } from '../focus-ring'

/**
 * The signed-in frame the dashboard and the project page share, so moving
 * between them does not shift the layout: sidebar and user menu. With
 * sidebar="none" (a host with its own navigation) there is no column: the
 * links sit in the header, or behind its menu button on a narrow element.
 */
export function AppFrame({ children }: { children: ReactNode }) {
  const { noSidebar } = useElement()
  // The sheet stays usable if the element grows while it is open (it is not
  // hidden by width), so nothing needs to close it but the user.
  const [sidebarOpen, setSidebarOpen] = useState(false)
  const t = useT(frame)

  return (
    <div className="flex flex-1 bg-bg">
      <Sidebar open={sidebarOpen} onClose={() => setSidebarOpen(false)} sheetOnly={noSidebar} />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-16 shrink-0 items-center gap-3 border-b border-border bg-surface px-4 cq-sm:px-6">
          <button
            type="button"
            onClick={() => setSidebarOpen(true)}
            aria-expanded={sidebarOpen}
            className={`-ml-2 rounded-flex rtl:-mr-2 rtl:ml-0 p-2 text-muted hover:text-fg ${FOCUS_RING} cq-md:hidden`}
          >
            <MenuIcon className="h-6 w-6" />
            <span className="sr-only">{t('frame.openSidebar')}</span>
          </button>
          {/* The host's own logo, if it slots one; nothing of ours otherwise. */}
          <slot name="logo" className="frame-logo" />
          {noSidebar ? <SidebarNav inHeader /> : <FrameTitle />}
          <div className="flex-1" />
          <UserMenu />
        </header>
        {/* Not <main>: the host page has its own; each screen is a region named by its heading. */}
        <div className="flex min-w-0 flex-1 flex-col">
          {children}
          {/* The unverified-address reminder takes the code where the reader is, so any element shows it (its look-up
              asks only a server with accounts). After the screen: it sticks to the bottom of the view, so its late
              arrival moves nothing. */}
          <LazyVerifyBanner />
        </div>
      </div>
    </div>
  )
}

/** Where the reader is, in the header beside the avatar: the account's view, else the product's projects. Not a heading: each screen has its own. */
function FrameTitle() {
  const { route } = useNavigation()
  const t = useT(frame)
  const title = { '/profile': t('frame.user.profile'), '/settings': t('frame.user.settings') }[route.path] ?? t('frame.nav.projects')
  return <p className="min-w-0 truncate text-base font-semibold text-fg">{title}</p>
}

const verifyBanner = chunk(() => import('./VerifyBanner').then((m) => m.VerifyBanner))

/**
 * The reminder, fetched as a chunk; nothing while it loads, or if it cannot.
 * Not before the screen under it is drawn and the page is idle: its chunk and
 * its account look-up would otherwise run in the same task as the screen's
 * first render, and make signing in reach the dashboard later.
 */
function LazyVerifyBanner() {
  const [Banner, setBanner] = useState<ComponentType | undefined>(() => verifyBanner.loaded)
  useEffect(() => {
    if (Banner) return
    let live = true
    const cancel = whenIdle(() => {
      verifyBanner.load().then(
        (b) => live && setBanner(() => b),
        () => undefined,
      )
    }, 0)
    return () => {
      live = false
      cancel()
    }
  }, [Banner])
  return Banner ? <Banner /> : null
}
