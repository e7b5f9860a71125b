import { useCallback, useEffect, useRef, useState } from 'react'
import { COPY_NOTICE_MS } from '../../constants'

export type CopyStatus = 'idle' | 'copied' | 'failed'

/**
 * Copies with the Clipboard API. 'copied' lasts COPY_NOTICE_MS;
 * 'failed' (no clipboard, insecure page, permission refused) stays until the
 * next attempt, because the user still has to copy by hand.
 */
export function useCopy(noticeMs = COPY_NOTICE_MS) {
  const [status, setStatus] = useState<CopyStatus>('idle')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(() => () => clearTimeout(timer.current), [])

  const copy = useCallback(
    async (text: string) => {
      clearTimeout(timer.current)
      setStatus('idle')
      try {
        if (!navigator.clipboard?.writeText) throw new Error('no clipboard')
        await navigator.clipboard.writeText(text)
      } catch {
        setStatus('failed')
        return
      }
      setStatus('copied')
      timer.current = setTimeout(() => setStatus('idle'), noticeMs)
    },
    [noticeMs],
  )

  return { status, copy }
}
