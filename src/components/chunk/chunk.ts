/**
 * A part of the widget that is fetched on first use: a dynamic import(), which
 * the build writes as a file beside the script (vite.config.ts) and the browser
 * fetches from there. One fetch at a time; a failed one is forgotten, so the
 * next use (the "Try again" button, a later render) fetches again.
 */
export interface Chunk<T> {
  /** The module's export once it has arrived: a later render shows it at once, with no loading frame. */
  readonly loaded: T | undefined
  load(): Promise<T>
  /** load() when nobody waits for it (a fetch ahead of need): its failure is left for the real use to report. */
  prefetch(): void
}

export function chunk<T>(importer: () => Promise<T>): Chunk<T> {
  let loaded: T | undefined
  let pending: Promise<T> | undefined
  const self: Chunk<T> = {
    get loaded() {
      return loaded
    },
    load() {
      pending ??= importer().then(
        (value) => (loaded = value),
        (err: unknown) => {
          pending = undefined
          throw err
        },
      )
      return pending
    },
    prefetch() {
      self.load().catch(() => undefined)
    },
  }
  return self
}

/**
 * Calls `fetch` when the page is next idle (the first screen is drawn and the
 * main thread has nothing to do), so the chunk a reader most likely needs next
 * is there before they ask. Returns the cancel.
 */
export function whenIdle(fetch: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fetch, { timeout: 3000 })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(fetch, 200)
  return () => clearTimeout(id)
}
