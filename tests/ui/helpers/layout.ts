import { vi } from 'vitest'

/** happy-dom does no layout: report every observed box as `width` px wide (undone by vi.unstubAllGlobals). */
export const reportWidth = (width: number) =>
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private cb: () => void) {}
      observe(el: HTMLElement) {
        Object.defineProperty(el, 'clientWidth', { value: width })
        this.cb()
      }
      disconnect() {}
    },
  )
