import r2wc from '@r2wc/react-to-web-component'
import { useMemo, useState, type ComponentType } from 'react'
import { NavigationContext, useNavigationState, type RouterMode } from '../router/navigation'
import { safeUrl } from '../safe-url'
import { adoptStyles } from '../styles/sheet'
import { ElementContext, type ElementConfig } from '../context/element'
import { ELEMENTS, type AttributeName, type FlexTag } from './descriptors'
import type { CodeSource } from '../store/host-session'
import { codeFromUrl } from '../store/code-from-url'
import { store, syncAccessData } from '../store'
import { useFlexStore } from '../hooks/useFlexStore'
import { LOADED, LOADING, onPagePhase, pagePhase } from '../hooks/usePageLoaded'
import { hostSignInDeclared } from './host-sign-in'
import { HostGateBeside, LazyHostGate } from './host-gate/lazy'
import { envPrefix, productName } from '../brand'
import { LocaleContext, useLocale } from '../i18n'
import { Failsafe } from '../components/Failsafe'

const DEFAULT_API_BASE = '/api'

/** Every attribute an element may take, as properties (descriptors.ts says which element takes which). */
type CommonAttributes = { [K in AttributeName]?: string }

type ElementProps<Extra> = CommonAttributes & Extra & { container?: HTMLElement; snippets?: unknown; fetchSessionCode?: unknown; strings?: unknown }

/** Set from script, never attributes (see below). */
const PROPERTIES = ['snippets', 'fetchSessionCode', 'strings'] as const

const R2WC_PROPS = Symbol.for('r2wc.props')
const R2WC_RENDER = Symbol.for('r2wc.render')
/** The control last focused in the element: a move takes focus away from it (connectedCallback gives it back). */
const FOCUSED = Symbol()
/** What r2wc's element has that its type does not say. */
type R2wcElement = HTMLElement & { [R2WC_PROPS]: Record<string, unknown>; [R2WC_RENDER](): void; connectedCallback(): void; disconnectedCallback(): void }

/**
 * Wraps a screen as a custom element: open shadow root, the shared stylesheet,
 * the element's config and its router in context, and the `.flex-root`
 * wrapper that shields the screen from the host page's inherited styles.
 */
export function createFlexElement<Extra extends object = object>(Screen: ComponentType<Extra>, tag: FlexTag): CustomElementConstructor {
  // <flex-snippet> shows the host's own code: no session to wait for.
  const waits = tag !== 'flex-snippet'
  const Gate = waits ? LazyHostGate : HostGateBeside
  function ElementRoot(props: ElementProps<Extra>) {
    const root = props.container as unknown as ShadowRoot
    adoptStyles(root)
    const host = root.host as HTMLElement
    const apiBase = props.apiBase?.trim() || DEFAULT_API_BASE
    const fetchSessionCode = props.fetchSessionCode
    const sessionUrl = safeUrl(props.sessionUrl)
    const hostSession = useMemo<CodeSource | undefined>(
      () => (typeof fetchSessionCode === 'function' ? async () => fetchSessionCode() : sessionUrl ? codeFromUrl(sessionUrl) : undefined),
      [fetchSessionCode, sessionUrl],
    )
    const { locale, dir } = useLocale(host, props.strings)
    // Once the page has loaded, nothing is left to wait for, whatever the page declares.
    const declared = waits && pagePhase() !== LOADED && hostSignInDeclared(host)
    // Once an element has had a reason for the gate, it keeps it: the screen
    // below it would otherwise start again (a typed e-mail lost) when the
    // page's load ends what `declared` says.
    const [gateKept, keepGate] = useState(false)
    // With no source of its own, it waits all the same while the page's host sign-in is under way or failed.
    const hostBusy = useFlexStore((s) => s.hostSignIn == 'pending' || s.hostSignIn == 'failed')
    const hostGated = gateKept || declared || hostSession !== undefined || hostBusy
    if (hostGated && !gateKept) keepGate(true)
    const config = useMemo<ElementConfig>(
      () => ({
        host,
        root,
        apiBase,
        productName: productName(props.productName),
        envPrefix: envPrefix(props.envPrefix),
        // The host's page has its own h1 (and main): by default ours start below it.
        headingLevel: Math.min(6, Math.max(1, Number.parseInt(props.headingLevel ?? '', 10) || 2)),
        noSidebar: props.sidebar === 'none',
        urls: {
          docs: safeUrl(props.docsUrl),
          quickstart: safeUrl(props.quickstartUrl),
          forgotPassword: safeUrl(props.forgotPasswordUrl),
          profile: safeUrl(props.profileUrl),
          settings: safeUrl(props.settingsUrl),
          signup: safeUrl(props.signupUrl),
          login: safeUrl(props.loginUrl),
        },
        snippets: props.snippets,
        hostSession,
      }),
      [
        host,
        root,
        apiBase,
        props.productName,
        props.envPrefix,
        props.headingLevel,
        props.sidebar,
        props.docsUrl,
        props.quickstartUrl,
        props.forgotPasswordUrl,
        props.profileUrl,
        props.settingsUrl,
        props.signupUrl,
        props.loginUrl,
        props.snippets,
        hostSession,
      ],
    )
    const mode: RouterMode = props.router === 'memory' ? 'memory' : 'hash'
    const navigation = useNavigationState(host, mode)
    // The screen gets the attributes as props; it reads those it needs.
    const { container: _c, snippets: _n, fetchSessionCode: _f, strings: _s, ...attributes } = props
    const screen = <Screen {...(attributes as unknown as Extra)} />
    return (
      <ElementContext.Provider value={config}>
        <LocaleContext.Provider value={locale}>
          <NavigationContext.Provider value={navigation}>
            {/* lang: the language the texts are in (a screen reader's voice); dir: the page's, or the language's. */}
            <div className="flex-root flex-cq" lang={locale.bundled ?? 'en'} dir={dir}>
              <Failsafe>
                {hostGated ? (
                  <Gate waits={waits} declared={declared}>
                    {screen}
                  </Gate>
                ) : (
                  screen
                )}
              </Failsafe>
            </div>
          </NavigationContext.Provider>
        </LocaleContext.Provider>
      </ElementContext.Provider>
    )
  }
  const names = ELEMENTS[tag].attributes
  const observed = Object.fromEntries(names.map((name) => [name, 'string']))
  const Base = r2wc(ElementRoot, { shadow: 'open', props: observed as never }) as unknown as new () => R2wcElement
  const element = class extends Base {
    constructor() {
      super()
      // A property the page set before the script defined the element is its own, and would hide the
      // accessors (a later set never reached the screen): taken in as a prop, the accessor is back.
      const own = this as unknown as Record<string, unknown>
      for (const name of [...names, ...PROPERTIES]) {
        if (Object.hasOwn(own, name)) {
          this[R2WC_PROPS][name] = own[name]
          delete own[name]
        }
      }
      this.shadowRoot!.addEventListener('focusin', (e) => (this[FOCUSED] = e.target as HTMLElement))
    }
    [FOCUSED]?: HTMLElement
    // r2wc ignores an attribute removed or made empty: the screen kept the old value (a project id, a key id).
    attributeChangedCallback(name: string, _old: string | null, value: string | null) {
      this[R2WC_PROPS][name.replace(/-(.)/g, (_m, c: string) => c.toUpperCase())] = value ?? undefined
      this[R2WC_RENDER]()
    }
    // Moved to another place on the page, it is removed and added again at once: unmounted, its screen would
    // start again (typed input lost, a key shown once gone). It is unmounted only if it stays out.
    override disconnectedCallback() {
      queueMicrotask(() => this.isConnected || super.disconnectedCallback())
    }
    // The move takes an open modal dialog out of the top layer: still open, but drawn inline with the page
    // behind it live. A dialog open as the element is added was moved with it: shown modal again, as it was.
    override connectedCallback() {
      super.connectedCallback()
      // Read first: showModal() focuses the dialog's first control.
      const focused = this[FOCUSED]
      for (const dialog of this.shadowRoot!.querySelectorAll<HTMLDialogElement>('dialog[open]')) {
        dialog.close()
        dialog.showModal()
        if (dialog.contains(focused!)) focused!.focus()
      }
    }
  }
  // `snippets`, `fetchSessionCode` and `strings` are properties only. r2wc has no
  // property-only type: a property set on the element is written back to its
  // attribute through the type's stringify ('json': JSON.stringify, which
  // throws on a cyclic value; a function would be lost) and parsed again. So
  // they are defined here, over r2wc's own props and render.
  for (const name of PROPERTIES) {
    Object.defineProperty(element.prototype, name, {
      get(this: Record<symbol, Record<string, unknown>>) {
        return this[R2WC_PROPS][name]
      },
      set(this: Record<symbol, unknown> & { [R2WC_PROPS]: Record<string, unknown> }, value: unknown) {
        this[R2WC_PROPS][name] = value
        ;(this[R2WC_RENDER] as () => void)()
      },
    })
  }
  // While a page that declares host sign-in (host-sign-in.ts) is still loading
  // and no host session is given, the element stays empty, with no React work
  // for it, until the wait ends or lasts long enough to show (usePageLoaded):
  // on a page that loads at once, its first screen is its own, rendered and
  // laid out once. Any other page's elements render while the script runs.
  const render = element.prototype[R2WC_RENDER] as () => void
  element.prototype[R2WC_RENDER] = function (this: HTMLElement & { fetchSessionCode?: unknown; sessionUrl?: string }) {
    // r2wc counts an element as connected from its constructor on: one made and never added would render and
    // call the API. What is set on it meanwhile is kept, and taken in when it is added (connectedCallback).
    if (!this.isConnected) return
    syncAccessData()
    // A source as the screen takes it (a function, an http(s) address): one it ignores would start no sign-in,
    // and every element would wait for it.
    const sourced = typeof this.fetchSessionCode == 'function' || !!safeUrl(this.sessionUrl)
    // The page's host sign-in is under way from the moment an element is given a source, not only once its chunk
    // has arrived and started it: an element without a source, rendered meanwhile, would show the kept session.
    if (sourced && !store.getState().hostSignIn) store.setState({ hostSignIn: 'pending' })
    if (!waits || pagePhase() !== LOADING || sourced || !hostSignInDeclared(this)) render.call(this)
    else {
      // Fetched while the page loads, which it then holds back: its elements wait for that load anyway.
      LazyHostGate.chunk.prefetch()
      // Called at the next step: SLOW or LOADED, either of which renders.
      const stop = onPagePhase(() => {
        stop()
        render.call(this)
      })
    }
  }
  return element
}
