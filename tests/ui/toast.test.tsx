import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { act, fireEvent } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Toast } from '../../src/components/toast/Toast'
import { renderScreen } from './helpers'

function Harness() {
  const [message, setMessage] = useState<string | null>(null)
  return (
    <>
      <button type="button" onClick={() => setMessage('Successfully deleted!')}>
        Show
      </button>
      <Toast message={message} onClose={() => setMessage(null)} />
    </>
  )
}

describe('Toast', () => {
  it('announces its message in a live region that exists before the message does, and closes with its button', async () => {
    const q = renderScreen(<Harness />)
    const user = userEvent.setup()
    const region = q.getByRole('status')
    expect(region).toHaveAttribute('aria-live', 'polite')
    expect(region.textContent).toBe('')
    await user.click(q.getByRole('button', { name: 'Show' }))
    expect(q.getByRole('status').textContent).toContain('Successfully deleted!')
    expect(q.getByRole('status')).toBe(region)
    await user.click(q.getByRole('button', { name: 'Close' }))
    expect(q.queryByText('Successfully deleted!')).not.toBeInTheDocument()
  })
})

describe('Toast closing itself', () => {
  afterEach(() => vi.useRealTimers())

  it('goes away by itself after about five seconds, and not before', async () => {
    vi.useFakeTimers()
    const q = renderScreen(<Harness />)
    act(() => q.getByRole('button', { name: 'Show' }).click())
    act(() => vi.advanceTimersByTime(4900))
    expect(q.getByRole('status').textContent).toContain('Successfully deleted!')
    act(() => vi.advanceTimersByTime(200))
    expect(q.getByRole('status').textContent).toBe('')
  })

  it('waits while the pointer is over it or focus is in it (WCAG 2.2.1), and runs its whole time again after', () => {
    vi.useFakeTimers()
    const q = renderScreen(<Harness />)
    act(() => q.getByRole('button', { name: 'Show' }).click())
    const notice = q.getByText('Successfully deleted!')
    const close = q.getByRole('button', { name: 'Close' })
    fireEvent.mouseEnter(notice)
    act(() => vi.advanceTimersByTime(60_000))
    expect(q.getByRole('status').textContent).toContain('Successfully deleted!')
    act(() => close.focus())
    fireEvent.mouseLeave(notice)
    act(() => vi.advanceTimersByTime(60_000))
    // The pointer has gone, but focus is still on its Close button.
    expect(q.getByRole('status').textContent).toContain('Successfully deleted!')
    act(() => close.blur())
    act(() => vi.advanceTimersByTime(4900))
    expect(q.getByRole('status').textContent).toContain('Successfully deleted!')
    act(() => vi.advanceTimersByTime(200))
    expect(q.getByRole('status').textContent).toBe('')
  })

  it('forgets a pointer that was over it when it went: the next notice goes away by itself', async () => {
    vi.useFakeTimers()
    const q = renderScreen(<Harness />)
    act(() => q.getByRole('button', { name: 'Show' }).click())
    fireEvent.mouseEnter(q.getByText('Successfully deleted!'))
    act(() => q.getByRole('button', { name: 'Close' }).click())
    act(() => q.getByRole('button', { name: 'Show' }).click())
    act(() => vi.advanceTimersByTime(5100))
    expect(q.getByRole('status').textContent).toBe('')
  })
})
