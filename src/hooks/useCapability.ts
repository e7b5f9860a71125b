import { useEffect } from 'react'
import { useElement } from '../context/element'
import { store } from '../store'
import type { Feature } from '../store/capabilities-slice'
import { useFlexStore } from './useFlexStore'

/**
 * Whether this element's server offers `feature`: false until it has said so,
 * and for good against a server that implements only the spec's calls.
 */
export function useCapability(feature: Feature): boolean {
  const { apiBase } = useElement()
  const features = useFlexStore((s) => s.capabilities[apiBase])
  // Once per mount: the store asks the server once per page, or again after no answer.
  useEffect(() => store.getState().loadCapabilities(apiBase), [apiBase])
  return features?.has(feature) ?? false
}
