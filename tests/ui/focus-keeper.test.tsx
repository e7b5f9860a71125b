/**
 * The focus keeper of a region whose rows take their own buttons with them: it takes focus only when focus was
 * lost with the button, once, and never from a reader who has moved on, nor later from a render of its own.
 */
import { act } from '@testing-library/react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { useFocusKeeper } from '../../src/components/focus/useFocusKeeper'

function Region({ rows, tick }: { rows: string[]; tick: number }) {
  const keeper = useFocusKeeper<HTMLDivElement>()
  return (
    <div data-tick={tick} {...keeper}>
      {rows.map((row) => (
        <button key={row}>{row}</button>
      ))}
    </div>
  )
}

let root: Root | undefined
const host = document.createElement('div')
afterEach(() => {
  act(() => root?.unmount())
  host.remove()
  document.body.innerHTML = ''
})

/** The region in a shadow root, as the elements draw it, and a field of the host page beside it. */
function mount() {
  document.body.append(host)
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' })
  const container = document.createElement('div')
  shadow.append(container)
  root = createRoot(container)
  const field = document.body.appendChild(document.createElement('input'))
  const draw = (rows: string[], tick: number) => act(() => root!.render(<Region rows={rows} tick={tick} />))
  return { shadow, field, draw, region: () => shadow.querySelector<HTMLElement>('[data-tick]')! }
}

describe('useFocusKeeper', () => {
  it('takes focus when the focused row goes, and not at a later render once the reader has moved on', () => {
    const { shadow, field, draw, region } = mount()
    draw(['a', 'b'], 0)
    act(() => shadow.querySelector('button')!.focus())
    draw(['b'], 1)
    expect(shadow.activeElement).toBe(region())

    // The button loses focus without saying where (disabled while its call runs), then the reader goes to the page.
    act(() => shadow.querySelector('button')!.focus())
    act(() => shadow.querySelector('button')!.blur())
    act(() => field.focus())
    draw([], 2)
    expect(document.activeElement).toBe(field)
    // The reader leaves the field for nothing (a click on a blank part of the page); a later render is no reason to take it.
    act(() => field.blur())
    draw([], 3)
    expect(shadow.activeElement).toBeNull()
  })
})
