import { useState } from 'react'
import type { KeyMap } from '../../api/types'
import { store } from '../../store'

/**
 * The one path a new key pair takes on the page, whether made by Create or by
 * a roll: it is held here (never stored) while 'New API Information' shows it,
 * and in the store's memory for the page's <flex-snippet> code samples.
 */
export function useNewKeys(projectId: string) {
  const [newKeys, setNewKeys] = useState<KeyMap | null>(null)
  const reveal = (keys: KeyMap) => {
    setNewKeys(keys)
    store.getState().rememberRevealedKeys(projectId, keys)
  }
  return { newKeys, reveal, dismiss: () => setNewKeys(null) }
}
