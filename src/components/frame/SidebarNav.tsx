import type { ReactNode } from 'react'
import { FolderIcon } from '../icons/FolderIcon'
import { HomeIcon } from '../icons/HomeIcon'
import { apiDocsUrl } from '../../constants'
import { RouteLink } from '../../router/RouteLink'
import { useElement } from '../../context/element'

const itemClass = 'group flex items-center gap-3 rounded-flex px-3 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-focus'
const idle = 'text-muted hover:bg-raised hover:text-fg'
const current = 'bg-raised text-fg'

function ExternalItem({ href, icon, children }: { href?: string; icon: ReactNode; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={`${itemClass} ${idle}`}>
      {icon}
      <span>
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
      </span>
    </a>
  )
}

/**
 * The sidebar's three items. `onNavigate` lets the small-screen sheet
 * close itself; `inHeader`: a row in the header (sidebar="none", wide elements).
 */
export function SidebarNav({ onNavigate, inHeader }: { onNavigate?: () => void; inHeader?: boolean }) {
  const { urls, apiBase, productName } = useElement()
  return (
    <nav aria-label={inHeader ? 'Portal' : 'Sidebar'} className={inHeader ? 'hidden gap-1 cq-md:flex' : 'flex flex-col gap-1 p-4'}>
      <RouteLink to="/dashboard" aria-current="page" className={`${itemClass} ${current}`} onClick={onNavigate}>
        <HomeIcon className="h-5 w-5 shrink-0" />
        <span>{`${productName} Projects`}</span>
      </RouteLink>
      <ExternalItem href={urls.quickstart ?? apiDocsUrl(apiBase, '#quickstart')} icon={<FolderIcon className="h-5 w-5 shrink-0" />}>
        {`${productName} Quickstart Guide`}
      </ExternalItem>
      <ExternalItem href={urls.docs ?? apiDocsUrl(apiBase)} icon={<FolderIcon className="h-5 w-5 shrink-0" />}>
        API Documentation
      </ExternalItem>
    </nav>
  )
}
