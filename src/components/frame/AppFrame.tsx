import { useEffect, useState, type ComponentType, type ReactNode } from 'react'
import { useCapability } from '../../hooks/useCapability'
import { MenuIcon } from '../icons/MenuIcon'
import { useElement } from '../../context/element'
import { Sidebar } from './Sidebar'
import { SidebarNav } from './SidebarNav'
import { UserMenu } from './UserMenu'
import { verifyBanner } from './verify-banner-chunk'

/**
 * The signed-in frame the dashboard and the project page share, so moving
 * between them does not shift the layout: sidebar and user menu. With
 * sidebar="none" (a host with its own navigation) there is no column: the
 * links sit in the header, or behind its menu button on a narrow element.
 */
export function AppFrame({ children }: { children: ReactNode }) {
  const { noSidebar, host, urls } = useElement()
  // The unverified-address reminder needs somewhere to verify: the portal's profile, or the host's.
  const reminder = useCapability('accounts') && (host.localName === 'flex-portal' || urls.profile !== undefined)
  // The sheet stays usable if the element grows while it is open (it is not
  // hidden by width), so nothing needs to close it but the user.
  const [sidebarOpen, setSidebarOpen] = useState(false)

  return (
    <div className="flex flex-1 bg-bg">
      <Sidebar open={sidebarOpen} onClose={() => setSidebarOpen(false)} sheetOnly={noSidebar} />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-16 shrink-0 items-center gap-3 border-b border-border bg-surface px-4 cq-sm:px-6">
          <button
            type="button"
            onClick={() => setSidebarOpen(true)}
            aria-expanded={sidebarOpen}
            className="-ml-2 rounded-flex p-2 text-muted hover:text-fg focus:outline-none focus-visible:ring-2 focus-visible:ring-focus cq-md:hidden"
          >
            <MenuIcon className="h-6 w-6" />
            <span className="sr-only">Open sidebar</span>
          </button>
          {/* The host's own logo, if it slots one; nothing of ours otherwise. */}
          <slot name="logo" className="frame-logo" />
          {noSidebar && <SidebarNav inHeader />}
          <div className="flex-1" />
          <UserMenu />
        </header>
        {/* Not <main>: the host page has its own; each screen is a region named by its heading. */}
        <div className="flex min-w-0 flex-1 flex-col">
          {reminder && <LazyVerifyBanner />}
          {children}
        </div>
      </div>
    </div>
  )
}

/** The reminder, fetched as a chunk; nothing while it loads, or if it cannot. */
function LazyVerifyBanner() {
  const [Banner, setBanner] = useState<ComponentType | undefined>(() => verifyBanner.loaded)
  useEffect(() => {
    if (!Banner)
      verifyBanner.load().then(
        (b) => setBanner(() => b),
        () => undefined,
      )
  }, [Banner])
  return Banner ? <Banner /> : null
}
