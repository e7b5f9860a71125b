import { useCallback, useRef, useState } from 'react'

/**
 * One call at a time: `run(task)` does nothing while a task is pending. The
 * ref catches a double click that arrives before React re-renders the button
 * as disabled; `pending` drives that disabled state. (Requests that callers
 * share rather than drop go through single-flight.ts.)
 */
export function useSingleFlight() {
  const busy = useRef(false)
  const [pending, setPending] = useState(false)
  const run = useCallback(async (task: () => Promise<void>) => {
    if (busy.current) return
    busy.current = true
    setPending(true)
    try {
      await task()
    } finally {
      busy.current = false
      setPending(false)
    }
  }, [])
  return { pending, run }
}
