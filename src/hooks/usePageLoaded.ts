import { useSyncExternalStore } from 'react'

/**
 * Whether the page has finished loading. Until then its host may still give
 * an element its `fetchSessionCode`: from a script after the portal's (the
 * parser may let the portal render before it runs) or later in the load.
 * Settled a turn after window 'load', so a host that gives it in a load
 * listener of its own is heard first.
 */
let awaitingLoad = false
const listeners = new Set<() => void>()

function watchLoad() {
  if (awaitingLoad || document.readyState === 'complete') return
  awaitingLoad = true
  window.addEventListener(
    'load',
    () =>
      setTimeout(() => {
        awaitingLoad = false
        for (const listener of listeners) listener()
      }),
    { once: true },
  )
}

function subscribe(listener: () => void) {
  watchLoad()
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

const loaded = () => document.readyState === 'complete' && !awaitingLoad

export function usePageLoaded(): boolean {
  return useSyncExternalStore(subscribe, loaded, () => true)
}
