import { useState } from 'react'
import type { KeyMap } from '../../api/types'

/**
 * The one path a new key pair takes on the page, whether made by Create or by
 * a roll: it is held here (never stored) while 'New API Information' shows it.
 */
export function useNewKeys() {
  const [newKeys, setNewKeys] = useState<KeyMap | null>(null)
  return { newKeys, reveal: setNewKeys, dismiss: () => setNewKeys(null) }
}
