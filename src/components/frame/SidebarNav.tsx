import type { ReactNode } from 'react'
import { ExternalLinkIcon } from '../icons/ExternalLinkIcon'
import { HomeIcon } from '../icons/HomeIcon'
import { apiDocsUrl } from '../../constants'
import { RouteLink } from '../../router/RouteLink'
import { useNavigation } from '../../router/navigation'
import { useElement } from '../../context/element'
import { useT } from '../../i18n'
import { frame } from '../../i18n/en/frame'
import { FOCUS_RING } from '../focus-ring'

const itemClass = `group flex items-center gap-3 rounded-flex px-3 py-2 text-sm font-medium ${FOCUS_RING}`
const idle = 'text-muted hover:bg-raised hover:text-fg'
// forced:border: forced colours drop the background, the one mark of the current item otherwise.
const current = 'bg-raised text-fg forced:border'

/** Whether `href` is this very document (same address but for the hash): a link there only moves within the page. */
function samePage(href: string): boolean {
  const to = new URL(href, location.href)
  return to.origin + to.pathname + to.search === location.origin + location.pathname + location.search
}

/**
 * A link out of the portal: to another document, in a new tab; to a part of
 * this page (the docs page's own Quickstart), in this tab, so what the page
 * holds in memory (a key just shown) stays.
 */
function ExternalItem({ href, icon, children, onNavigate }: { href?: string; icon: ReactNode; children: string; onNavigate?: () => void }) {
  const here = href !== undefined && samePage(href)
  const t = useT(frame)
  return (
    <a href={href} {...(here ? { onClick: onNavigate } : { target: '_blank', rel: 'noopener noreferrer' })} className={`${itemClass} ${idle}`}>
      {icon}
      <span>
        {children}
        {!here && <span className="sr-only"> {t('frame.nav.newTab')}</span>}
      </span>
    </a>
  )
}

/**
 * The sidebar's three items. `onNavigate` lets the small-screen sheet
 * close itself; `inHeader`: a row in the header (sidebar="none", wide elements).
 */
export function SidebarNav({ onNavigate, inHeader }: { onNavigate?: () => void; inHeader?: boolean }) {
  const { urls, apiBase } = useElement()
  const { route } = useNavigation()
  // Every screen the frame holds is about projects but the account's two views (a standalone element's route may be anything).
  const onProjects = route.path !== '/profile' && route.path !== '/settings'
  const t = useT(frame)
  return (
    <nav aria-label={inHeader ? t('frame.nav.header') : t('frame.nav.sidebar')} className={inHeader ? 'hidden gap-1 cq-md:flex' : 'flex flex-col gap-1 p-4'}>
      <RouteLink to="/dashboard" aria-current={onProjects ? 'page' : undefined} className={`${itemClass} ${onProjects ? current : idle}`} onClick={onNavigate}>
        <HomeIcon className="h-5 w-5 shrink-0" />
        <span>{t('frame.nav.projects')}</span>
      </RouteLink>
      <ExternalItem
        href={urls.quickstart ?? apiDocsUrl(apiBase, '#quickstart')}
        icon={<ExternalLinkIcon className="h-5 w-5 shrink-0" />}
        onNavigate={onNavigate}
      >
        {t('frame.nav.quickstart')}
      </ExternalItem>
      <ExternalItem href={urls.docs ?? apiDocsUrl(apiBase)} icon={<ExternalLinkIcon className="h-5 w-5 shrink-0" />} onNavigate={onNavigate}>
        {t('frame.nav.docs')}
      </ExternalItem>
    </nav>
  )
}
