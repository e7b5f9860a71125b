/**
 * useDismiss, which closes the menus and the dialog: Escape, and a press
 * outside the open element and its control, read through a shadow root as
 * the widget renders into one.
 */
import { act, fireEvent, render } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useDismiss } from '../../src/hooks/useDismiss'

function Menu({ outsidePress, enabled, onOuterKey }: { outsidePress?: boolean; enabled?: boolean; onOuterKey?: (key: string) => void }) {
  const [open, setOpen] = useState(true)
  const [reference, setReference] = useState<HTMLElement | null>(null)
  const [floating, setFloating] = useState<HTMLElement | null>(null)
  const onKey = useDismiss(open, () => setOpen(false), { floating, reference, outsidePress, enabled })
  return (
    <div onKeyDown={(e) => onOuterKey?.(e.key)}>
      <button type="button" ref={setReference} onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <div role="menu" ref={setFloating} onKeyDown={onKey}>
          <button type="button">Item</button>
        </div>
      )}
      <p>Elsewhere</p>
    </div>
  )
}

/** The component inside a shadow root, as every element of the widget renders. */
function mount(ui: React.ReactElement) {
  const host = document.body.appendChild(document.createElement('div'))
  const shadow = host.attachShadow({ mode: 'open' })
  const container = shadow.appendChild(document.createElement('div'))
  render(ui, { container })
  const get = (selector: string) => shadow.querySelector(selector) as HTMLElement | null
  return { get, text: (t: string) => [...shadow.querySelectorAll<HTMLElement>('button,p')].find((el) => el.textContent === t)! }
}

afterEach(() => {
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

describe('useDismiss', () => {
  it('closes on a press outside the open element and its control, inside the same shadow root or on the page', () => {
    const { get, text } = mount(<Menu />)
    fireEvent.pointerDown(text('Item'))
    fireEvent.pointerDown(text('Open'))
    expect(get('[role=menu]')).not.toBeNull()
    fireEvent.pointerDown(text('Elsewhere'))
    expect(get('[role=menu]')).toBeNull()

    fireEvent.click(text('Open'))
    expect(get('[role=menu]')).not.toBeNull()
    fireEvent.pointerDown(document.body)
    expect(get('[role=menu]')).toBeNull()
  })

  it('closes on a press outside even when the press’s own handler stops it', () => {
    const { get, text } = mount(<Menu />)
    text('Elsewhere').addEventListener('pointerdown', (e) => e.stopPropagation())
    fireEvent.pointerDown(text('Elsewhere'))
    expect(get('[role=menu]')).toBeNull()
  })

  it('stays open on a press outside when told so, and on nothing when not enabled', () => {
    const first = mount(<Menu outsidePress={false} />)
    fireEvent.pointerDown(first.text('Elsewhere'))
    expect(first.get('[role=menu]')).not.toBeNull()
    fireEvent.keyDown(first.text('Item'), { key: 'Escape' })
    expect(first.get('[role=menu]')).toBeNull()

    document.body.innerHTML = ''
    const second = mount(<Menu enabled={false} />)
    fireEvent.pointerDown(second.text('Elsewhere'))
    fireEvent.keyDown(second.text('Item'), { key: 'Escape' })
    fireEvent.keyDown(document.body, { key: 'Escape' })
    expect(second.get('[role=menu]')).not.toBeNull()
  })

  it('closes on Escape inside it, which goes no further (a dialog around a menu stays open), and on Escape elsewhere on the page', () => {
    const outer = vi.fn()
    const { get, text } = mount(<Menu onOuterKey={outer} />)
    fireEvent.keyDown(text('Item'), { key: 'ArrowDown' })
    expect(outer).toHaveBeenCalledWith('ArrowDown')
    fireEvent.keyDown(text('Item'), { key: 'Escape' })
    expect(get('[role=menu]')).toBeNull()
    expect(outer).not.toHaveBeenCalledWith('Escape')

    act(() => text('Open').click())
    fireEvent.keyDown(document.body, { key: 'Escape' })
    expect(get('[role=menu]')).toBeNull()
  })

  it('leaves it open on the Escape that ends an input method’s composition', () => {
    const { get, text } = mount(<Menu />)
    fireEvent.keyDown(text('Item'), { key: 'Escape', isComposing: true })
    fireEvent.keyDown(text('Item'), { key: 'Escape', keyCode: 229 })
    expect(get('[role=menu]')).not.toBeNull()
  })
})
