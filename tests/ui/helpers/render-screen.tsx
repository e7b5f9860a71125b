/**
 * Renders a screen component the way an element does (ElementContext +
 * NavigationContext, inside a shadow root), without going through r2wc. Queries
 * returned by renderScreen() are scoped to that shadow root.
 */
import { render, type RenderResult } from '@testing-library/react'
import type { ReactElement, ReactNode } from 'react'
import { ElementContext, type ElementConfig } from '../../../src/context/element'
import { NavigationContext, useNavigationState, type Navigation, type RouterMode } from '../../../src/router/navigation'

export interface ScreenOptions {
  /** Initial route in memory mode (default '/'). In hash mode set location.hash first. */
  route?: string
  /** Default 'memory', so tests do not share location.hash. */
  mode?: RouterMode
  apiBase?: string
  urls?: ElementConfig['urls']
  snippets?: ElementConfig['snippets']
  noSidebar?: boolean
  productName?: string
  envPrefix?: string
  /** `heading-level` (default 2). */
  headingLevel?: number
}

export interface ScreenRender extends RenderResult {
  host: HTMLElement
  root: ShadowRoot
  /** The element's navigation as of the last render: `nav().route.href` is the current route. */
  nav: () => Navigation
}

function Providers({
  config,
  mode,
  initial,
  onNav,
  children,
}: {
  config: ElementConfig
  mode: RouterMode
  initial: string
  onNav: (n: Navigation) => void
  children: ReactNode
}) {
  const navigation = useNavigationState(config.host, mode, initial)
  onNav(navigation)
  return (
    <ElementContext.Provider value={config}>
      <NavigationContext.Provider value={navigation}>
        <div className="flex-root flex-cq">{children}</div>
      </NavigationContext.Provider>
    </ElementContext.Provider>
  )
}

export function renderScreen(ui: ReactElement, options: ScreenOptions = {}): ScreenRender {
  const {
    route = '/',
    mode = 'memory',
    apiBase = '/api',
    urls = {},
    snippets,
    noSidebar = false,
    productName = 'Flex',
    envPrefix = 'FLEX',
    headingLevel = 2,
  } = options
  const host = document.createElement('div')
  document.body.append(host)
  const root = host.attachShadow({ mode: 'open' })
  const container = document.createElement('div')
  root.append(container)
  const config: ElementConfig = { host, root, apiBase, productName, envPrefix, urls, snippets, noSidebar, headingLevel }
  let current: Navigation | null = null
  const result = render(
    <Providers config={config} mode={mode} initial={route} onNav={(n) => (current = n)}>
      {ui}
    </Providers>,
    { container },
  )
  return {
    ...result,
    host,
    root,
    nav: () => {
      if (!current) throw new Error('not rendered')
      return current
    },
  }
}
