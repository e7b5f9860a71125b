import { renderHook } from '@testing-library/react'
import { useErrorText } from '../../../src/hooks/useErrorText'

/** What a screen shows an English reader (no host `strings`) for a failed call: useErrorText's text. */
export function errorMessage(e: unknown): string {
  const { result, unmount } = renderHook(() => useErrorText())
  const text = result.current(e)
  unmount()
  return text
}
