import r2wc from '@r2wc/react-to-web-component'
import { useMemo, type ComponentType } from 'react'
import { NavigationContext, useNavigationState, type RouterMode } from '../router/navigation'
import { safeUrl } from '../safe-url'
import { adoptStyles } from '../styles/sheet'
import { ElementContext, type ElementConfig } from './context'
import { ELEMENTS, type AttributeName, type FlexTag } from './descriptors'

export const DEFAULT_API_BASE = '/api'

/** Every attribute an element may take, as properties (descriptors.ts says which element takes which). */
export type CommonAttributes = { [K in AttributeName]?: string }

type ElementProps<Extra> = CommonAttributes & Extra & { container?: HTMLElement }

/**
 * Wraps a screen as a custom element: open shadow root, the shared stylesheet,
 * the element's config and its router in context, and the `.flex-root`
 * wrapper that shields the screen from the host page's inherited styles.
 */
export function createFlexElement<Extra extends object = object>(Screen: ComponentType<Extra>, tag: FlexTag): CustomElementConstructor {
  function ElementRoot(props: ElementProps<Extra>) {
    const root = props.container as unknown as ShadowRoot
    adoptStyles(root)
    const host = root.host as HTMLElement
    const config = useMemo<ElementConfig>(
      () => ({
        host,
        root,
        apiBase: props.apiBase?.trim() || DEFAULT_API_BASE,
        urls: {
          docs: safeUrl(props.docsUrl),
          quickstart: safeUrl(props.quickstartUrl),
          forgotPassword: safeUrl(props.forgotPasswordUrl),
          profile: safeUrl(props.profileUrl),
          settings: safeUrl(props.settingsUrl),
        },
      }),
      [host, root, props.apiBase, props.docsUrl, props.quickstartUrl, props.forgotPasswordUrl, props.profileUrl, props.settingsUrl],
    )
    const mode: RouterMode = props.router === 'memory' ? 'memory' : 'hash'
    const navigation = useNavigationState(host, mode)
    // The screen gets the attributes as props; it reads those it needs.
    const { container: _c, ...attributes } = props
    return (
      <ElementContext.Provider value={config}>
        <NavigationContext.Provider value={navigation}>
          <div className="flex-root">
            <Screen {...(attributes as unknown as Extra)} />
          </div>
        </NavigationContext.Provider>
      </ElementContext.Provider>
    )
  }
  ElementRoot.displayName = `Flex(${Screen.displayName || Screen.name})`
  const observed = Object.fromEntries(ELEMENTS[tag].attributes.map((name) => [name, 'string']))
  return r2wc(ElementRoot, { shadow: 'open', props: observed as never })
}
