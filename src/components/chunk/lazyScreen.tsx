import { useEffect, useReducer, useState, type ComponentType, type ReactNode } from 'react'
import { Alert } from '../Alert'
import { Spinner } from '../Button'
import { chunk, type Chunk } from './chunk'

export const CHUNK_FAILED = 'This part of the portal could not be loaded.'
export const CHUNK_FAILED_HINT = 'Check your connection, then try again.'

export type LazyScreen<P> = ComponentType<P & { fallback?: ReactNode }> & { readonly chunk: Chunk<ComponentType<P>> }

/** What shows while a screen's chunk is on its way (over a fast link, for a frame or two). */
function Loading() {
  return (
    <p role="status" className="flex items-center gap-3 px-1 py-6 font-flex text-sm text-muted">
      <Spinner />
      Loading…
    </p>
  )
}

/**
 * A screen whose code is fetched on first render (or before, through
 * `.chunk.prefetch()`). While it loads: `fallback`, else a small status line.
 * If the fetch fails (offline, a blocked request): a clear message and
 * "Try again", which fetches again; never a blank area or an uncaught error.
 * React.lazy is not used: it keeps a failed import for good, so a retry
 * could never succeed.
 */
export function lazyScreen<P extends object>(importer: () => Promise<ComponentType<P>>): LazyScreen<P> {
  const part = chunk(importer)
  function Lazy({ fallback, ...props }: P & { fallback?: ReactNode }) {
    const [attempt, setAttempt] = useState(0)
    const [failed, setFailed] = useState(false)
    const [, arrived] = useReducer((n: number) => n + 1, 0)
    const Screen = part.loaded
    useEffect(() => {
      if (Screen) return
      let live = true
      part.load().then(
        () => live && arrived(),
        () => live && setFailed(true),
      )
      return () => {
        live = false
      }
    }, [Screen, attempt])
    if (Screen) return <Screen {...(props as P)} />
    if (failed) {
      const retry = () => {
        setFailed(false)
        setAttempt((n) => n + 1)
      }
      return (
        <Alert onRetry={retry} retryLabel="Try again" className="font-flex">
          <p className="font-semibold">{CHUNK_FAILED}</p>
          <p>{CHUNK_FAILED_HINT}</p>
        </Alert>
      )
    }
    return fallback === undefined ? <Loading /> : <>{fallback}</>
  }
  return Object.assign(Lazy, { chunk: part })
}
