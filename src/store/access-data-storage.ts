import type { PersistStorage, StorageValue } from 'zustand/middleware'
import type { AccessData } from '../api/types'

export const ACCESS_DATA_KEY = 'accessData'

type Persisted = { accessData: AccessData | null }

// localStorage itself can throw (storage disabled, sandboxed iframe, quota).
function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/** Corrupt JSON or a value without an access token reads as signed out. */
export function readAccessData(raw: string | null | undefined): AccessData | null {
  if (!raw) return null
  try {
    const data: unknown = JSON.parse(raw)
    if (data && typeof data === 'object' && typeof (data as AccessData).accessToken === 'string') return data as AccessData
  } catch {
    /* corrupt: signed out */
  }
  return null
}

/**
 * zustand's persist writes `{state, version}`; the contract is the raw response
 * body under `accessData`, so this storage maps between the two.
 */
export const accessDataStorage: PersistStorage<Persisted> = {
  getItem: (name): StorageValue<Persisted> => ({ state: { accessData: readAccessData(storage()?.getItem(name)) }, version: 0 }),
  setItem: (name, value) => {
    const s = storage()
    try {
      if (value.state.accessData) s?.setItem(name, JSON.stringify(value.state.accessData))
      else s?.removeItem(name)
    } catch {
      /* quota or disabled storage: the session lives in memory for this page */
    }
  },
  removeItem: (name) => {
    try {
      storage()?.removeItem(name)
    } catch {
      /* nothing stored */
    }
  },
}
