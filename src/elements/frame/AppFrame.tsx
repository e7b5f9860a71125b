import { useEffect, useState, type ReactNode } from 'react'
import { MenuIcon } from '../../components/icons/MenuIcon'
import { useHostWidth } from '../../hooks/useHostWidth'
import { useElement } from '../context'
import { Sidebar } from '../projects/Sidebar'
import { SidebarNav } from '../projects/SidebarNav'
import { UserMenu } from '../projects/UserMenu'

// The sidebar is a column from this element width up (the cq-md variant), a sheet below.
const WIDE_PX = 768

/**
 * The signed-in frame the dashboard and the project page share, so moving
 * between them does not shift the layout: sidebar and user menu. With
 * sidebar="none" (a host with its own navigation) there is no column: the
 * links sit in the header, or behind its menu button on a narrow element.
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
          {noSidebar && <SidebarNav inHeader />}
          <div className="flex-1" />
          <UserMenu />
        </header>
        <main className="flex min-w-0 flex-1 flex-col">{children}</main>
      </div>
    </div>
  )
}
