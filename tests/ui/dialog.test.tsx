import { act, fireEvent, waitFor } from '@testing-library/react'
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
  const overlay = dialog.parentElement as HTMLElement
  return { ...r, q, user, opener, dialog, overlay, active: () => r.root.activeElement }
}

describe('Dialog', () => {
  it('is a labelled, modal dialog portalled into the element’s own shadow root', async () => {
    const { dialog, root } = await openDialog()
    expect(dialog.getRootNode()).toBe(root)
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(document.body.querySelector('[role="dialog"]')).not.toBeInTheDocument()
  })

  it('moves focus in and makes the screen behind it inert until it closes', async () => {
    const { q, active, container, user } = await openDialog()
    expect(active()).toBe(q.getByRole('textbox', { name: 'First field' }))
    const screen = container
    expect(screen).toHaveAttribute('inert')
    await user.click(q.getByRole('button', { name: 'Cancel' }))
    expect(screen).not.toHaveAttribute('inert')
  })

  it('traps focus: tabbing past either end wraps around inside the dialog', async () => {
    const { q, root, active } = await openDialog()
    // A Tab from the last control lands on a focus guard, which sends focus back in.
    const guards = root.querySelectorAll<HTMLElement>('[data-floating-ui-focus-guard]')
    expect(guards.length).toBeGreaterThanOrEqual(2)
    act(() => guards[guards.length - 1].focus())
    await waitFor(() => expect(active()).toBe(q.getByRole('textbox', { name: 'First field' })))
    act(() => guards[0].focus())
    await waitFor(() => expect(active()).toBe(q.getByRole('button', { name: 'Cancel' })))
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
    const { q, dialog, overlay } = await openDialog()
    fireEvent.pointerDown(dialog)
    fireEvent.click(overlay)
    expect(q.queryByRole('dialog')).toBeInTheDocument()
    fireEvent.pointerDown(overlay)
    fireEvent.click(overlay)
    expect(q.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('dismissible={false}: Escape and the backdrop do nothing; only its own button closes it', async () => {
    const { q, user, overlay, opener, active } = await openDialog(false)
    await user.keyboard('{Escape}')
    fireEvent.pointerDown(overlay)
    fireEvent.click(overlay)
    expect(q.getByRole('dialog', { name: 'Test dialog' })).toBeInTheDocument()
    await user.click(q.getByRole('button', { name: 'Cancel' }))
    expect(q.queryByRole('dialog')).not.toBeInTheDocument()
    expect(active()).toBe(opener)
  })
})
