import { parseAccessData } from '../api/parse'
import type { AccessData } from '../api/types'

export const ACCESS_DATA_KEY = 'accessData'

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

/**
 * Corrupt JSON, or a value the sign-in's answer could not be (no access token, or one no header can carry), reads as
 * signed out; so does one nested too deep to be written out again (JSON.parse takes it, JSON.stringify overflows the
 * stack), which would throw as every element renders (syncAccessData compares the sessions so).
 */
export function readAccessData(raw: string | null | undefined): AccessData | null {
  try {
    const accessData = parseAccessData(JSON.parse(raw!))
    JSON.stringify(accessData)
    return accessData
  } catch {
    return null
  }
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

/** The session stored when the page loaded (null: signed out, or storage unavailable). */
export const loadAccessData = (): AccessData | null => readAccessData(readStoredAccessData())

/**
 * Writes the raw response body under `accessData` (the contract: not zustand
 * persist's `{state, version}` wrapper), or removes it. A failed write leaves
 * the session in memory for this page (see storageInStep).
 */
export function writeAccessData(accessData: AccessData | null): void {
  const s = storage()
  try {
    if (accessData) s?.setItem(ACCESS_DATA_KEY, JSON.stringify(accessData))
    else s?.removeItem(ACCESS_DATA_KEY)
    storageInStep = Boolean(s)
  } catch {
    storageInStep = false
  }
}
