import { useCallback, useEffect, useState } from 'react'
import { COPY_NOTICE_MS } from '../../constants'

export type CopyStatus = 'idle' | 'copied' | 'failed'

/**
 * Copies with the Clipboard API. 'copied' lasts COPY_NOTICE_MS;
 * 'failed' (no clipboard, insecure page, permission refused) stays until the
 * next attempt, because the user still has to copy by hand.
 */
export function useCopy(noticeMs = COPY_NOTICE_MS) {
  const [status, setStatus] = useState<CopyStatus>('idle')
  // Bumped by every copy, so copying again while 'copied' shows restarts its time.
  const [copies, setCopies] = useState(0)

  // The notice's time starts when it is on screen, not when the copy resolved:
  // on a busy page the render can come 100 ms later, and the user would see
  // less than the promised second.
  useEffect(() => {
    if (status !== 'copied') return
    const timer = setTimeout(() => setStatus('idle'), noticeMs)
    return () => clearTimeout(timer)
  }, [status, copies, noticeMs])

  const copy = useCallback(async (text: string) => {
    setStatus('idle')
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard')
      await navigator.clipboard.writeText(text)
    } catch {
      setStatus('failed')
      return
    }
    setStatus('copied')
    setCopies((n) => n + 1)
  }, [])

  return { status, copy }
}
