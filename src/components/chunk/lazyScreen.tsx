import { useEffect, useReducer, useState, type ComponentType } from 'react'
import { FailedPanel, PendingPanel } from '../StatusPanel'
import { chunk, type Chunk } from './chunk'
import { useT } from '../../i18n'
import { common } from '../../i18n/en/common'

export type LazyScreen<P> = ComponentType<P> & { readonly chunk: Chunk<ComponentType<P>> }

/**
 * A screen whose code is fetched on first render (or before, through
 * `.chunk.prefetch()`). While it loads: a loading status in its place.
 * If the fetch fails (offline, a blocked request): a clear message and
 * "Try again", which fetches again; never a blank area or an uncaught error.
 * React.lazy is not used: it keeps a failed import for good, so a retry
 * could never succeed. `WayOut`, when given, is shown beside "Try again": a
 * screen whose own links came with the chunk (the portal's project page and
 * its "Back to Dashboard") would otherwise leave the reader only the browser's
 * Back button.
 */
export function lazyScreen<P extends object>(importer: () => Promise<ComponentType<P>>, WayOut?: ComponentType): LazyScreen<P> {
  const part = chunk(importer)
  function Lazy(props: P) {
    const [attempt, setAttempt] = useState(0)
    const [failed, setFailed] = useState(false)
    const [, arrived] = useReducer((n: number) => n + 1, 0)
    const Screen = part.loaded
    const t = useT(common)
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
      return (
        <FailedPanel title={t('common.chunkFailed')} onRetry={retry}>
          {WayOut && <WayOut />}
        </FailedPanel>
      )
    }
    return <PendingPanel>{t('common.loading')}</PendingPanel>
  }
  return Object.assign(Lazy, { chunk: part })
}
