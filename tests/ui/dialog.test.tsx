import { act, fireEvent } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { Dialog } from '../../src/components/dialog/Dialog'
import { renderScreen, shadow } from './helpers'

function Harness({ dismissible }: { dismissible?: boolean }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Outside</button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Test dialog" dismissible={dismissible}>
        <input aria-label="First field" />
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </Dialog>
    </>
  )
}

async function openDialog(dismissible?: boolean) {
  const r = renderScreen(<Harness dismissible={dismissible} />)
  const q = shadow(r.host)
  const user = userEvent.setup()
  const opener = q.getByRole('button', { name: 'Open' })
  await user.click(opener)
  const dialog = q.getByRole('dialog', { name: 'Test dialog' })
  return { ...r, q, user, opener, dialog, active: () => r.root.activeElement }
}

// A press on the ::backdrop reaches the <dialog> itself, outside its box (a box of 0×0 here).
const pressBackdrop = (dialog: HTMLElement) => {
  fireEvent.pointerDown(dialog, { clientX: 5, clientY: 5 })
  fireEvent.click(dialog, { clientX: 5, clientY: 5 })
}

describe('Dialog', () => {
  it('is the browser’s own dialog, shown modal, labelled, portalled into the element’s own shadow root', async () => {
    const { dialog, root } = await openDialog()
    expect(dialog.getRootNode()).toBe(root)
    expect(dialog).toBeInstanceOf(HTMLDialogElement)
    expect((dialog as HTMLDialogElement).open).toBe(true)
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(document.body.querySelector('[role="dialog"]')).not.toBeInTheDocument()
  })

  it('moves focus to its first control', async () => {
    const { q, active } = await openDialog()
    expect(active()).toBe(q.getByRole('textbox', { name: 'First field' }))
  })

  // The browser makes the page behind inert (tests/e2e/keyboard.test.ts); Tab wrapping is ours.
  it('Tab past either end wraps round inside the dialog', async () => {
    const { q, user, active } = await openDialog()
    const first = q.getByRole('textbox', { name: 'First field' })
    const last = q.getByRole('button', { name: 'Cancel' })
    act(() => last.focus())
    await user.keyboard('{Tab}')
    expect(active()).toBe(first)
    await user.keyboard('{Shift>}{Tab}{/Shift}')
    expect(active()).toBe(last)
  })

  it('Escape closes it and focus returns to the opener', async () => {
    const { q, user, opener, active } = await openDialog()
    await user.keyboard('{Escape}')
    expect(q.queryByRole('dialog')).not.toBeInTheDocument()
    expect(active()).toBe(opener)
  })

  it('Cancel closes it and focus returns to the opener', async () => {
    const { q, user, opener, active } = await openDialog()
    await user.click(q.getByRole('button', { name: 'Cancel' }))
    expect(q.queryByRole('dialog')).not.toBeInTheDocument()
    expect(active()).toBe(opener)
  })

  it('a click on the backdrop closes it; a click inside, or a drag that ends on the backdrop, does not', async () => {
    const { q, dialog } = await openDialog()
    fireEvent.pointerDown(q.getByRole('textbox', { name: 'First field' }))
    fireEvent.click(dialog, { clientX: 5, clientY: 5 })
    expect(q.queryByRole('dialog')).toBeInTheDocument()
    pressBackdrop(dialog)
    expect(q.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('dismissible={false}: Escape and the backdrop do nothing; only its own button closes it', async () => {
    const { q, user, dialog, opener, active } = await openDialog(false)
    await user.keyboard('{Escape}')
    pressBackdrop(dialog)
    expect(q.getByRole('dialog', { name: 'Test dialog' })).toBeInTheDocument()
    await user.click(q.getByRole('button', { name: 'Cancel' }))
    expect(q.queryByRole('dialog')).not.toBeInTheDocument()
    expect(active()).toBe(opener)
  })
})
