import { useEffect, useRef } from 'react'
import { useElement } from '../context'

/**
 * A standalone <flex-project-detail> is often below the list it follows:
 * when another project is picked there, bring this element into view. Not on
 * the first render (the page is loading; the browser restores its scroll).
 */
export function useScrollIntoViewOnChange(id: string, enabled: boolean): void {
  const { host } = useElement()
  const first = useRef(true)
  useEffect(() => {
    if (!first.current && enabled && id) host.scrollIntoView?.({ block: 'start' })
    first.current = false
  }, [id, enabled, host])
}
