import type { StateCreator } from 'zustand/vanilla'
import type { FlexState } from './index'

export interface DeviceSlice {
  /**
   * The anonymous device token and the API base that issued it. Kept in memory
   * only: it is registered once per page load, shared by every element.
   */
  device: { base: string; token: string } | null
  setDevice: (base: string, token: string) => void
}

export const createDeviceSlice: StateCreator<FlexState, [], [], DeviceSlice> = (set) => ({
  device: null,
  setDevice: (base, token) => set({ device: { base, token } }),
})
