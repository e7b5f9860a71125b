/**
 * The one store every element on the page shares (module level, so separate
 * React roots see the same state). Made of slices; React binds through
 * `useFlexStore(selector)`.
 */
import { persist } from 'zustand/middleware'
import { createStore } from 'zustand/vanilla'
import { ACCESS_DATA_KEY, accessDataStorage, readAccessData } from './access-data-storage'
import { createDeviceSlice, type DeviceSlice } from './device-slice'
import { createSessionSlice, type SessionSlice } from './session-slice'

export type FlexState = SessionSlice & DeviceSlice

export const store = createStore<FlexState>()(
  persist((...a) => ({ ...createSessionSlice(...a), ...createDeviceSlice(...a) }), {
    name: ACCESS_DATA_KEY,
    storage: accessDataStorage,
    partialize: (s) => ({ accessData: s.accessData }),
  }),
)

// A sign-in or sign-out in another tab. persist's rehydrate would not clear the
// state on removal, so read the key ourselves.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== ACCESS_DATA_KEY && event.key !== null) return
    const accessData = readAccessData(event.key === null ? null : event.newValue)
    if (JSON.stringify(accessData) !== JSON.stringify(store.getState().accessData)) store.setState({ accessData, signOutReason: null })
  })
}

export { ACCESS_DATA_KEY, readAccessData }
