import { useEffect, useState, type ReactNode } from 'react'
import { MenuIcon } from '../../components/icons/MenuIcon'
import { useHostWidth } from '../../hooks/useHostWidth'
import { useElement } from '../context'
import { HeaderLinks } from '../projects/HeaderLinks'
import { Sidebar } from '../projects/Sidebar'
import { UserMenu } from '../projects/UserMenu'

// The sidebar is a column from this element width up (the cq-md variant), a sheet below.
const WIDE_PX = 768

/**
 * The signed-in frame the dashboard and the project page share, so moving
 * between them does not shift the layout: sidebar (or, with sidebar="none",
 * its two links in the header) and the user menu.
 */
export function AppFrame({ children }: { children: ReactNode }) {
  const { noSidebar } = useElement()
  const width = useHostWidth()
  const [sidebarOpen, setSidebarOpen] = useState(false)

  // A sheet left open while the element grows past md would trap focus behind a hidden overlay.
  useEffect(() => {
    if (width >= WIDE_PX) setSidebarOpen(false)
  }, [width])

  return (
    <div className="flex flex-1 bg-bg font-flex text-fg">
      {!noSidebar && <Sidebar open={sidebarOpen} onClose={() => setSidebarOpen(false)} />}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-16 shrink-0 items-center gap-3 border-b border-border bg-surface px-4 cq-sm:px-6">
          {!noSidebar && (
            <button
              type="button"
              onClick={() => setSidebarOpen(true)}
              aria-expanded={sidebarOpen}
              className="-ml-2 rounded-flex p-2 text-muted hover:text-fg focus:outline-none focus-visible:ring-2 focus-visible:ring-focus cq-md:hidden"
            >
              <MenuIcon className="h-6 w-6" />
              <span className="sr-only">Open sidebar</span>
            </button>
          )}
          <div className="flex-1" />
          {noSidebar && <HeaderLinks />}
          <UserMenu />
        </header>
        <main className="flex min-w-0 flex-1 flex-col">{children}</main>
      </div>
    </div>
  )
}
