import { useEffect, useState } from 'react'

/** Whether the page is shown (not a background tab): live updates stop while it is hidden. */
export function useVisible(): boolean {
  const [visible, setVisible] = useState(() => !document.hidden)
  useEffect(() => {
    const changed = () => setVisible(!document.hidden)
    document.addEventListener('visibilitychange', changed)
    return () => document.removeEventListener('visibilitychange', changed)
  }, [])
  return visible
}
