import type { PersistStorage, StorageValue } from 'zustand/middleware'
import type { AccessData } from '../api/types'

export const ACCESS_DATA_KEY = 'accessData'

type Persisted = { accessData: AccessData | null }

// False after a write failed: the session then lives in memory for this page,
// and localStorage no longer says who is signed in.
let storageInStep = true

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
 * The raw stored value, or undefined when localStorage cannot be trusted to
 * hold the session (unavailable, or our last write to it failed).
 */
export function readStoredAccessData(): string | null | undefined {
  const s = storage()
  if (!storageInStep || !s) return undefined
  try {
    return s.getItem(ACCESS_DATA_KEY)
  } catch {
    return undefined
  }
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
      storageInStep = Boolean(s)
    } catch {
      storageInStep = false
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
