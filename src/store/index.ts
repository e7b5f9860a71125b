/**
 * The one store every element on the page shares (module level, so separate
 * React roots see the same state). Made of slices; React binds through
 * `useFlexStore(selector)`.
 */
import { createStore } from 'zustand/vanilla'
import type { AccessData } from '../api/types'
import { ACCESS_DATA_KEY, loadAccessData, readAccessData, readStoredAccessData, writeAccessData } from './access-data-storage'
import { createCapabilitiesSlice, type CapabilitiesSlice } from './capabilities-slice'
import { createSessionSlice, type SessionSlice } from './session-slice'
import { createSnippetSlice, type SnippetSlice } from './snippet-slice'

export type FlexState = SessionSlice & SnippetSlice & CapabilitiesSlice

/** The user a session names (`user.id`), if any. */
export const userOf = (a?: Record<string, unknown> | null) => (a?.user as { id?: unknown } | undefined)?.id
/** Who a session is: its user, else its token alone; null when signed out. */
export const sessionOf = (a?: AccessData | null) => a && (userOf(a) ?? a.accessToken)

export const store = createStore<FlexState>()((...a) => ({
  ...createSessionSlice(...a),
  ...createSnippetSlice(...a),
  ...createCapabilitiesSlice(...a),
  accessData: loadAccessData(),
}))

// A plain subscription keeps localStorage in step (zustand's persist middleware
// would wrap the body in {state, version} and cost bundle size for nothing).
// Revealed keys and the snippets' data belong to one user's session: another user
// signing in on this page must not see them; the same user's renewed one keeps them.
let persisted = store.getState().accessData
store.subscribe(({ accessData }) => {
  if (accessData === persisted) return
  const otherSession = sessionOf(accessData) !== sessionOf(persisted)
  persisted = accessData
  writeAccessData(accessData)
  if (otherSession) store.setState({ revealedKeys: {}, snippetPick: null, snippetProjects: null, snippetKeys: {} })
})

/**
 * Brings the store in line with what localStorage holds now. The session is
 * defined by the stored key, and not every change to it reaches us as
 * an action: another tab fires `storage`; the host page's own script does not.
 * Each element calls it as it renders (connected, or given a new attribute).
 * A key removed in this tab was removed by the host page: it signed its user
 * out, and may now show the portal to the next one, who signs in through the
 * host with a code of their own, never into the session kept in memory.
 */
export function syncAccessData(raw: string | null | undefined = readStoredAccessData(), here = true): void {
  if (raw === undefined) return
  const accessData = readAccessData(raw)
  const { accessData: had, hostSignIn } = store.getState()
  // A session another tab brings (the user signed in there, through the host too) is shown here as well,
  // though this tab had signed out, or its own host sign-in had failed.
  if (JSON.stringify(accessData) !== JSON.stringify(had))
    store.setState({
      accessData,
      signOutReason: null,
      hostSignIn: accessData ? (here || !hostSignIn ? hostSignIn : 'done') : here && hostSignIn == 'done' ? null : hostSignIn,
    })
}

if (typeof window !== 'undefined') {
  // Another tab. persist's rehydrate would not clear the state on removal, so read the key ourselves: what it
  // holds now, not the event's newValue: events may come late, and a stale one adopted here would be written
  // back, bringing a session back that another tab has since ended. Only for our key (or all cleared), and
  // not for a same-origin frame's sessionStorage: any other event would take a key the host page removed in
  // this tab for another tab's sign-out, and its next user would get no code.
  window.addEventListener('storage', (event) => {
    if (event.storageArea != sessionStorage && (event.key ?? ACCESS_DATA_KEY) == ACCESS_DATA_KEY) syncAccessData(undefined, false)
  })
  // This tab: re-read before each hash route change is rendered (this listener is
  // added at import, so before any element's router), so the guard sees a key the
  // host page removed or wrote itself.
  for (const type of ['hashchange', 'popstate']) window.addEventListener(type, () => syncAccessData())
}
