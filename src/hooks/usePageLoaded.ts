import { useSyncExternalStore } from 'react'

/**
 * How far the page has loaded. Until it has, its host may still give an
 * element its `fetchSessionCode`: from a script after the portal's (the parser
 * may let the portal run before it) or later in the load.
 * - LOADING, then SLOW once the wait has lasted longer than a reader notices,
 *   when a loading state is worth its cost;
 * - LOADED at the page's first 'pageshow', which the browser fires right after
 *   every 'load' listener has run (the host's own too), in the same task, with
 *   no turn lost before the screen renders.
 */
export const LOADED = 0
export const SLOW = 1
export const LOADING = 2
export type PagePhase = typeof LOADED | typeof SLOW | typeof LOADING

/** Below about a tenth of a second a wait reads as instant: nothing need say "Loading…". */
const SLOW_MS = 100

/** While an element waits for the load; undefined before and after. */
let waiting: typeof SLOW | typeof LOADING | undefined
const listeners = new Set<() => void>()

function move(to?: typeof waiting) {
  waiting = to
  for (const listener of listeners) listener()
}

export const pagePhase = (): PagePhase => waiting ?? (document.readyState === 'complete' ? LOADED : LOADING)

/** Calls `listener` at each step of the load; returns how to stop. */
export function onPagePhase(listener: () => void) {
  if (!waiting && pagePhase()) {
    waiting = LOADING
    // Not removed: a later 'pageshow' (back from the back-forward cache) finds the page loaded anyway.
    addEventListener('pageshow', () => move())
    setTimeout(() => waiting && move(SLOW), SLOW_MS)
  }
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

const loaded = () => LOADED
const unwatched = () => () => undefined

/**
 * LOADED is 0: falsy. Unwatched (`watch` false), the page counts as loaded and
 * the component is not rendered again at each step of the load.
 */
export const usePageLoaded = (watch = true): boolean => !useSyncExternalStore(watch ? onPagePhase : unwatched, watch ? pagePhase : loaded, loaded)
