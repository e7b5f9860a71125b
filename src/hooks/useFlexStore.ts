import { useStore } from 'zustand'
import { store, type FlexState } from '../store'

/** Subscribes a component to one narrow slice of the shared store. */
export function useFlexStore<T>(selector: (state: FlexState) => T): T {
  return useStore(store, selector)
}
