import { useCallback, useEffect, useRef, useState } from 'react'
import type { ManageCall } from '../../api/request'
import { listAttempts, type Attempt } from '../../api/webhooks'
import { useAsync } from '../../hooks/useAsync'

export const PAGE_SIZE = 20
/** How often, and how many times, the log looks again after a send: a delivery times out after 15 s. */
const POLL_MS = 1000
const POLLS = 20

/**
 * One endpoint's delivery log: the newest page, older pages on demand, and,
 * after a send, a look every second until that message's new attempt has an
 * outcome (deliveries are made by the server's queue, after the 202).
 */
export function useAttempts(call: ManageCall, projectId: string, endpointId: string, onNews: () => void) {
  const newest = useAsync(
    useCallback((signal: AbortSignal) => listAttempts(call, projectId, endpointId, { limit: PAGE_SIZE }, signal), [call, projectId, endpointId]),
  )
  const [older, setOlder] = useState<Attempt[]>([])
  const [olderDone, setOlderDone] = useState(false)
  const [more, setMore] = useState<{ loading: boolean; error: unknown }>({ loading: false, error: undefined })
  const [awaited, setAwaited] = useState<{ messageId: string; known: ReadonlySet<string>; polls: number } | null>(null)
  const news = useRef(onNews)
  news.current = onNews

  const first = newest.data ?? []
  const seen = new Set(first.map((a) => a.id))
  const attempts = [...first, ...older.filter((a) => !seen.has(a.id))]
  const hasMore = older.length > 0 ? !olderDone : first.length === PAGE_SIZE

  const loadMore = () => {
    const last = attempts[attempts.length - 1]
    if (!last || more.loading) return
    setMore({ loading: true, error: undefined })
    listAttempts(call, projectId, endpointId, { limit: PAGE_SIZE, before: last.id }).then(
      (page) => {
        setOlder((o) => [...o, ...page])
        setOlderDone(page.length < PAGE_SIZE)
        setMore({ loading: false, error: undefined })
      },
      (error: unknown) => setMore({ loading: false, error }),
    )
  }

  /** Watches for the outcome of a message just sent (a test event, a resend). */
  const awaitDelivery = (messageId: string) => setAwaited({ messageId, known: new Set(attempts.map((a) => a.id)), polls: 0 })

  const { loading, reload, data } = newest
  useEffect(() => {
    if (!awaited || loading) return
    const arrived = data?.some((a) => a.messageId === awaited.messageId && !awaited.known.has(a.id) && a.status !== 'pending')
    if (arrived || awaited.polls >= POLLS) {
      setAwaited(null)
      news.current()
      return
    }
    const timer = setTimeout(() => {
      setAwaited((w) => w && { ...w, polls: w.polls + 1 })
      reload()
    }, POLL_MS)
    return () => clearTimeout(timer)
  }, [awaited, data, loading, reload])

  return {
    attempts,
    loading: newest.loading && newest.data === undefined,
    error: newest.error,
    reload,
    hasMore,
    loadMore,
    more,
    waiting: awaited !== null,
    awaitDelivery,
  }
}
