import { useState } from 'react'
import type { KeyMap } from '../../api/types'
import { sessionOf, store } from '../../store'
import { holdUnseen, unseenKeys } from '../../store/unseen-keys'

/**
 * The one path a new key pair takes on the page, whether made by Create or by
 * a roll: it is held in memory (never stored) until 'New API Information' has
 * shown it and been closed, even if its reader left the page meanwhile, and in
 * the store's memory for the page's <flex-snippet> code samples.
 */
export function useNewKeys(projectId: string) {
  const session = () => sessionOf(store.getState().accessData)
  const [newKeys, setNewKeys] = useState(() => unseenKeys(session(), projectId))
  const show = (keys: KeyMap | null) => {
    holdUnseen(session(), projectId, keys)
    setNewKeys(keys)
  }
  const reveal = (keys: KeyMap) => {
    show(keys)
    store.getState().rememberRevealedKeys(projectId, keys)
  }
  return { newKeys, reveal, dismiss: () => show(null) }
}
