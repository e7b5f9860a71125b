import { useCallback, useEffect, useRef, useState } from 'react'

export interface AsyncState<T> {
  data: T | undefined
  error: unknown
  loading: boolean
}

/**
 * Runs `load` now and again on `reload()`, cancelling a run that a newer one or
 * an unmount overtakes. A reload keeps the data it had, so a refresh after a
 * change does not flash a loading screen; a new `load` (another project)
 * starts clean. `null` means there is nothing to load.
 */
export function useAsync<T>(load: ((signal: AbortSignal) => Promise<T>) | null): AsyncState<T> & { reload: () => void } {
  const [state, setState] = useState<AsyncState<T>>({ data: undefined, error: undefined, loading: load !== null })
  const [nonce, setNonce] = useState(0)
  const lastLoad = useRef(load)

  useEffect(() => {
    const fresh = lastLoad.current !== load
    lastLoad.current = load
    if (!load) {
      setState({ data: undefined, error: undefined, loading: false })
      return
    }
    setState((s) => (fresh ? { data: undefined, error: undefined, loading: true } : { ...s, error: undefined, loading: true }))
    const controller = new AbortController()
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, error: undefined, loading: false })
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((s) => ({ ...s, error, loading: false }))
      },
    )
    return () => controller.abort()
  }, [load, nonce])

  const reload = useCallback(() => setNonce((n) => n + 1), [])
  return { ...state, reload }
}
