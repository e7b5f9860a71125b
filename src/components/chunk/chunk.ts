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

/** How long after the first screen a fetch ahead of need waits before it looks for an idle moment. */
export const PREFETCH_DELAY_MS = 1000

/**
 * Calls `fetch` once the first screen has settled: a second after it is
 * drawn (`afterMs`), at the next idle moment. Not sooner, or it would compete
 * with what the screen itself still does (the log-in screen's device
 * registration: measured, an immediate prefetch made 'Log in' usable later); a
 * reader takes longer than that to type an e-mail and a password. Returns the
 * cancel.
 */
export function whenIdle(fetch: () => void, afterMs = PREFETCH_DELAY_MS): () => void {
  let idle: number | undefined
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(fetch, { timeout: 3000 })
    else fetch()
  }, afterMs)
  return () => {
    clearTimeout(timer)
    if (idle !== undefined) cancelIdleCallback(idle)
  }
}
