import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { lazyScreen } from '../../src/components/chunk/lazyScreen'
import { common } from '../../src/i18n/en/common'

const CHUNK_FAILED = common['common.chunkFailed']

function Hello({ name }: { name: string }) {
  return <h2>Hello {name}</h2>
}

/** An import() whose outcome the test decides. */
function deferredImport() {
  const calls: Array<{ resolve: (c: typeof Hello) => void; reject: (e: Error) => void }> = []
  const importer = vi.fn(() => new Promise<typeof Hello>((resolve, reject) => calls.push({ resolve, reject })))
  return { importer, calls }
}

describe('a screen loaded on demand', () => {
  it('shows a loading status, then the screen with its props', async () => {
    const { importer, calls } = deferredImport()
    const Lazy = lazyScreen(importer)
    render(<Lazy name="Ada" />)
    expect(screen.getByRole('status')).toHaveTextContent('Loading…')
    calls[0].resolve(Hello)
    expect(await screen.findByRole('heading', { name: 'Hello Ada' })).toBeInTheDocument()
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('fetches once for every element that shows it, and renders at once once it has arrived', async () => {
    const { importer, calls } = deferredImport()
    const Lazy = lazyScreen(importer)
    render(
      <>
        <Lazy name="one" />
        <Lazy name="two" />
      </>,
    )
    calls[0].resolve(Hello)
    await screen.findByRole('heading', { name: 'Hello two' })
    expect(importer).toHaveBeenCalledTimes(1)
    render(<Lazy name="three" />)
    // No loading frame: already there.
    expect(screen.getByRole('heading', { name: 'Hello three' })).toBeInTheDocument()
  })

  it('says so when the fetch fails, and "Try again" fetches again and shows the screen', async () => {
    const { importer, calls } = deferredImport()
    const Lazy = lazyScreen(importer)
    render(<Lazy name="Ada" />)
    calls[0].reject(new TypeError('Failed to fetch dynamically imported module'))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(CHUNK_FAILED)
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(importer).toHaveBeenCalledTimes(2)
    expect(screen.getByRole('status')).toHaveTextContent('Loading…')
    calls[1].resolve(Hello)
    expect(await screen.findByRole('heading', { name: 'Hello Ada' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows the way out it was given beside "Try again" when the fetch fails, and not while loading', async () => {
    const { importer, calls } = deferredImport()
    const WayOut = () => <a href="#/dashboard">Back to Dashboard</a>
    const Lazy = lazyScreen(importer, WayOut)
    render(<Lazy name="Ada" />)
    expect(screen.queryByRole('link', { name: 'Back to Dashboard' })).toBeNull()
    calls[0].reject(new TypeError('Failed to fetch dynamically imported module'))
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '#/dashboard')
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('a failed prefetch is silent, and the first real use fetches again', async () => {
    const { importer, calls } = deferredImport()
    const Lazy = lazyScreen(importer)
    Lazy.chunk.prefetch()
    calls[0].reject(new TypeError('offline'))
    await Promise.resolve()
    render(<Lazy name="Ada" />)
    expect(importer).toHaveBeenCalledTimes(2)
    calls[1].resolve(Hello)
    expect(await screen.findByRole('heading', { name: 'Hello Ada' })).toBeInTheDocument()
  })
})
