import { useCallback, useEffect, useRef, useState } from 'react'
import type { LogEntryView } from '../../../contract/logs'
import { getLogs, type PageQuery } from '../../api/request-logs'
import { useManageApi } from '../../hooks/useManageApi'
import { useVisible } from './useVisible'

/** How often an open log asks for new calls (while the page is shown): a call shows within 3 s of its report. */
export const POLL_MS = 2000
/**
 * The most rows new calls may grow a log to: past it the log starts again from the newest page (as when a
 * poll finds only new calls), so a page left open under steady traffic keeps a table it can redraw every poll.
 */
export const LIVE_ROWS_MAX = 1000

/** Every filter of the contract's query: the page's cursor and size are the hook's. */
export type LogFilter = Omit<PageQuery, 'before' | 'limit'>

interface LogState {
  entries: LogEntryView[]
  /** The cursor of the next older page; none on the last. */
  next?: string
  loaded: boolean
  error: unknown
  /** How many rows polls have added since the log started (read out politely, RequestLog's useArrivals). */
  arrived: number
}

const EMPTY: LogState = { entries: [], loaded: false, error: undefined, arrived: 0 }
const IDLE = { loading: false, error: undefined }

/**
 * A call's identity: its time and request id, as the server's cursor has it. A request id alone may name two calls
 * (a client that sent one id twice, a retry): the second was never shown. The times are the server's, all in one
 * ISO form, so they also sort as text.
 */
export const callOf = (e: LogEntryView) => e.at + e.requestId

// Newest first, as the server orders them (by time, then request id): a call reported late (a slow one, which
// arrived first) goes where it belongs.
const newestFirst = (a: LogEntryView, b: LogEntryView) => (callOf(a) < callOf(b) ? 1 : -1)

/**
 * A project's calls, newest first, under `filter`: the first page, older pages
 * on demand, and a look for new calls every POLL_MS while the page is shown
 * (at once when it is shown again). A poll whose every entry is new may have
 * skipped some: the list then starts again from it, as it does past `keep` rows.
 */
export function useRequestLog(projectId: string, filter: LogFilter, limit: number, keep = LIVE_ROWS_MAX) {
  const { call } = useManageApi()
  const visible = useVisible()
  const [state, setState] = useState<LogState>(EMPTY)
  const [more, setMore] = useState<{ loading: boolean; error: unknown }>(IDLE)
  const [attempt, setAttempt] = useState(0)
  // The filter by its values ('' is no filter: left out of the query): a new object with the same ones must not start the log again.
  const values = JSON.stringify(filter)
  // The caller is one a user (useManageApi): a renewed session keeps the log, another user's starts it again.
  const page = useCallback(
    (before?: string, signal?: AbortSignal) => getLogs(call, projectId, { ...(JSON.parse(values) as LogFilter), before, limit }, signal),
    [call, projectId, values, limit],
  )

  useEffect(() => {
    const controller = new AbortController()
    setState(EMPTY)
    setMore(IDLE)
    page(undefined, controller.signal).then(
      (p) => !controller.signal.aborted && setState({ entries: p.entries, next: p.next, loaded: true, error: undefined, arrived: 0 }),
      (error: unknown) => !controller.signal.aborted && setState({ ...EMPTY, error }),
    )
    return () => controller.abort()
  }, [page, attempt])

  const loaded = state.loaded
  const wasHidden = useRef(false)
  useEffect(() => {
    if (!loaded) return
    if (!visible) {
      wasHidden.current = true
      return
    }
    const controller = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = () => {
      page(undefined, controller.signal).then(
        (p) => {
          if (controller.signal.aborted) return
          setState((s) => {
            const known = new Set(s.entries.map(callOf))
            const added = p.entries.filter((e) => !known.has(callOf(e)))
            if (added.length === 0) return s
            const arrived = s.arrived + added.length
            if (added.length === p.entries.length || s.entries.length + added.length > keep) return { ...s, entries: p.entries, next: p.next, arrived }
            return { ...s, entries: [...added, ...s.entries].sort(newestFirst), arrived }
          })
          wait()
        },
        // A poll that fails is tried again at the next turn; the rows shown stay.
        () => !controller.signal.aborted && wait(),
      )
    }
    const wait = () => (timer = setTimeout(poll, POLL_MS))
    // Shown again after a while hidden: what came meanwhile, at once.
    if (wasHidden.current) poll()
    else wait()
    wasHidden.current = false
    return () => {
      controller.abort()
      clearTimeout(timer)
    }
  }, [loaded, visible, page, keep])

  const loadMore = () => {
    const before = state.next
    if (!before || more.loading) return
    // Its answer ends this ask alone: a log started again since (other filters, Retry) shows no error of the old one.
    const asked = { loading: true, error: undefined }
    const end = (m: typeof more) => setMore((now) => (now === asked ? m : now))
    setMore(asked)
    page(before).then(
      (p) => {
        // Only onto the list it was asked for: one started again since (other filters, a poll of only new calls) ends elsewhere.
        setState((s) => {
          if (s.next !== before) return s
          const known = new Set(s.entries.map(callOf))
          return { ...s, entries: [...s.entries, ...p.entries.filter((e) => !known.has(callOf(e)))], next: p.next }
        })
        end(IDLE)
      },
      (error: unknown) => end({ loading: false, error }),
    )
  }

  return { ...state, loading: !state.loaded && state.error === undefined, retry: () => setAttempt((n) => n + 1), loadMore, more }
}

export type RequestLog = ReturnType<typeof useRequestLog>
