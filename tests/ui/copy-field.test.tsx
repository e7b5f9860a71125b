import { act, fireEvent } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CopyField } from '../../src/components/copy-field/CopyField'
import { copy } from '../../src/i18n/en/copy'
import { COPY_NOTICE_MS } from '../../src/constants'
import { renderScreen } from './helpers'
import { removeClipboard, stubClipboard } from './helpers/dashboard'

const COPIED_NOTICE = copy['copy.copied']
const COPY_FAILED_NOTICE = copy['copy.failed']

// Lets the clipboard promise settle under fake timers.
const flush = () => act(async () => {})

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  vi.useRealTimers()
  removeClipboard()
})

describe('CopyField', () => {
  it('shows the label and the value; a click writes the value to the clipboard', async () => {
    const writeText = stubClipboard()
    const q = renderScreen(<CopyField label="API Key" value="key-123" />)
    fireEvent.click(q.getByRole('button', { name: /API Key\s*key-123/ }))
    await flush()
    expect(writeText).toHaveBeenCalledWith('key-123')
  })

  it(`'Successfully copied' is announced and lasts exactly ${COPY_NOTICE_MS} ms`, async () => {
    expect(COPY_NOTICE_MS).toBe(1000)
    stubClipboard()
    const q = renderScreen(<CopyField label="API Key" value="key-123" />)
    const status = q.getByRole('status')
    expect(status.textContent).toBe('')
    fireEvent.click(q.getByRole('button', { name: /API Key/ }))
    await flush()
    expect(status.textContent).toBe(COPIED_NOTICE)
    act(() => vi.advanceTimersByTime(COPY_NOTICE_MS - 1))
    expect(status.textContent).toBe(COPIED_NOTICE)
    act(() => vi.advanceTimersByTime(1))
    expect(status.textContent).toBe('')
  })

  it('a second copy restarts the 1000 ms', async () => {
    stubClipboard()
    const q = renderScreen(<CopyField label="API Key" value="key-123" />)
    fireEvent.click(q.getByRole('button', { name: /API Key/ }))
    await flush()
    act(() => vi.advanceTimersByTime(600))
    fireEvent.click(q.getByRole('button', { name: /API Key/ }))
    await flush()
    act(() => vi.advanceTimersByTime(600))
    expect(q.getByRole('status').textContent).toBe(COPIED_NOTICE)
    act(() => vi.advanceTimersByTime(400))
    expect(q.getByRole('status').textContent).toBe('')
  })

  it('a refused clipboard says so and offers the value selected for copying by hand', async () => {
    stubClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')))
    const q = renderScreen(<CopyField label="Webhook Secret" value="whsec_1" />)
    fireEvent.click(q.getByRole('button', { name: /Webhook Secret/ }))
    await flush()
    expect(q.getByRole('status').textContent).toBe(COPY_FAILED_NOTICE)
    expect(q.queryByText(COPIED_NOTICE)).not.toBeInTheDocument()
    const manual = q.getByRole('textbox', { name: 'Webhook Secret (select and copy)' }) as HTMLInputElement
    expect(manual.value).toBe('whsec_1')
    expect(manual.readOnly).toBe(true)
    // The failure stays: the user still has to copy.
    act(() => vi.advanceTimersByTime(5000))
    expect(q.getByRole('status').textContent).toBe(COPY_FAILED_NOTICE)
  })

  it('a page without the Clipboard API (not a secure context) gets the same message', async () => {
    removeClipboard()
    const q = renderScreen(<CopyField label="API Key" value="k" />)
    fireEvent.click(q.getByRole('button', { name: /API Key/ }))
    await flush()
    expect(q.getByRole('status').textContent).toBe(COPY_FAILED_NOTICE)
  })
})
