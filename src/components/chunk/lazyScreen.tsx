import { useEffect, useReducer, useState, type ComponentType } from 'react'
import { Button, Spinner } from '../Button'
import { AlertIcon } from '../icons/AlertIcon'
import { chunk, type Chunk } from './chunk'

export const CHUNK_FAILED = 'This part of the portal could not be loaded.'
export const CHUNK_FAILED_HINT = 'Check your connection, then try again.'

export type LazyScreen<P> = ComponentType<P> & { readonly chunk: Chunk<ComponentType<P>> }

/** Where the two states below sit: the middle of the area the screen will fill. */
const PLACE = 'flex min-h-full flex-1 flex-col items-center justify-center gap-3 bg-bg px-6 py-12 text-center font-flex text-sm'

/** What shows while a screen's chunk is on its way (over a fast link, for a frame or two). */
function Loading() {
  return (
    <div role="status" className={`${PLACE} text-muted`}>
      <Spinner className="h-5 w-5" />
      <p>Loading…</p>
    </div>
  )
}

/** A chunk that could not be fetched: what happened, and the way on. */
function Failed({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className={`${PLACE} text-fg`}>
      <AlertIcon className="h-6 w-6 text-danger" />
      <div>
        <p className="font-semibold">{CHUNK_FAILED}</p>
        <p className="mt-1 text-muted">{CHUNK_FAILED_HINT}</p>
      </div>
      <Button onClick={onRetry} className="mt-2">
        Try again
      </Button>
    </div>
  )
}

/**
 * A screen whose code is fetched on first render (or before, through
 * `.chunk.prefetch()`). While it loads: a loading status in its place.
 * If the fetch fails (offline, a blocked request): a clear message and
 * "Try again", which fetches again; never a blank area or an uncaught error.
 * React.lazy is not used: it keeps a failed import for good, so a retry
 * could never succeed.
 */
export function lazyScreen<P extends object>(importer: () => Promise<ComponentType<P>>): LazyScreen<P> {
  const part = chunk(importer)
  function Lazy(props: P) {
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
    if (Screen) return <Screen {...props} />
    if (failed) {
      const retry = () => {
        setFailed(false)
        setAttempt((n) => n + 1)
      }
      return <Failed onRetry={retry} />
    }
    return <Loading />
  }
  return Object.assign(Lazy, { chunk: part })
}
