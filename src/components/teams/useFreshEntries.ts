import { useEffect, type Dispatch, type SetStateAction } from 'react'
import { getAudit, type AuditEntry } from '../../api/audit'
import type { ManageCall } from '../../api/request'

/** How often the open Activity section asks for new entries while the page is seen. */
export const FRESH_EVERY_MS = 30_000

/**
 * Puts new audit entries on top of those shown: asked when the window gets
 * focus and every 30 s while the page is visible (nothing while it is hidden).
 * A failed look-up is left for the next: the list stays as it was. A page of
 * `limit` entries none of which is shown means more came (while the page was
 * hidden, say) than one page holds: put on top, they would leave a hole below
 * them, so the list is read again from its start instead (`reload`).
 */
export function useFreshEntries(call: ManageCall, projectId: string, limit: number, setEntries: Dispatch<SetStateAction<AuditEntry[]>>, reload: () => void) {
  useEffect(() => {
    let controller: AbortController | null = null
    const ask = () => {
      if (document.visibilityState === 'hidden') return
      controller?.abort()
      const mine = (controller = new AbortController())
      getAudit(call, projectId, { limit }, mine.signal).then(
        (page) => {
          if (mine.signal.aborted) return
          setEntries((had) => {
            const known = new Set(had.map((e) => e.id))
            const fresh = page.filter((e) => !known.has(e.id))
            // After this update, not inside it: reading again sets this state too.
            if (fresh.length == limit) queueMicrotask(reload)
            return fresh.length ? [...fresh, ...had] : had
          })
        },
        () => undefined,
      )
    }
    const timer = setInterval(ask, FRESH_EVERY_MS)
    window.addEventListener('focus', ask)
    document.addEventListener('visibilitychange', ask)
    return () => {
      clearInterval(timer)
      window.removeEventListener('focus', ask)
      document.removeEventListener('visibilitychange', ask)
      controller?.abort()
    }
  }, [call, projectId, limit, setEntries, reload])
}
