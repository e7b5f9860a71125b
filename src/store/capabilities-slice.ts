import type { StateCreator } from 'zustand/vanilla'
import { isApiError } from '../api/errors'
import { getCapabilities } from '../api/capabilities'
import { at } from '../api/request'
import type { FlexState } from './index'

/**
 * Features a server may offer beyond the specification's calls. Each screen or
 * control that needs one asks `useCapability(name)` and stays hidden (or inert,
 * where the spec shows it) until the server has said it offers it.
 */
// 'mail': the server can mail a code (reset, verification, invitations); a
// server run with MAIL_DISABLED does not name it, and those controls hide.
export type { Feature } from '../../contract/constants'

export interface CapabilitiesSlice {
  /** Per api-base: the features its server named, or null while asking. Absent: not asked yet. */
  capabilities: Record<string, ReadonlySet<string> | null>
  /** Asks the server at `base` once per page; an answer of any other shape, or none, means no features. */
  loadCapabilities: (base: string) => void
}

const NONE: ReadonlySet<string> = new Set()

function readFeatures(body: unknown): ReadonlySet<string> {
  const list = body && typeof body === 'object' ? (body as { features?: unknown }).features : undefined
  return Array.isArray(list) ? new Set(list.filter((f): f is string => typeof f === 'string')) : NONE
}

// Bases whose last question got no answer (network down, timeout): the next
// screen to mount asks again. Not the screen that asked: it would ask in a loop
// while the network is down.
const unanswered = new Set<string>()

/** The record per api-base, with no prototype: a base such as "constructor" or "__proto__" is a key like any other, for every reader. */
export const byBase = (...parts: object[]): CapabilitiesSlice['capabilities'] => Object.assign(Object.create(null), ...parts)

export const createCapabilitiesSlice: StateCreator<FlexState, [], [], CapabilitiesSlice> = (set, get) => ({
  capabilities: byBase(),
  loadCapabilities: (base) => {
    if (base in get().capabilities && !unanswered.has(base)) return
    unanswered.delete(base)
    const settle = (features: ReadonlySet<string> | null) => set((s) => ({ capabilities: byBase(s.capabilities, { [base]: features }) }))
    if (!(base in get().capabilities)) settle(null)
    getCapabilities(at(base)).then(
      (body) => settle(readFeatures(body)),
      (error: unknown) => {
        // A spec-only server answers 404: it has none, for good. Any other
        // failure (no answer, a restart's 503, a 429) says nothing: show
        // nothing beyond the spec for now, and let the next screen ask again.
        if (!isApiError(error) || error.status != 404) unanswered.add(base)
        settle(NONE)
      },
    )
  },
})
