import { useEffect, useState, type ComponentType } from 'react'
import { createPortal } from 'react-dom'
import { chunk, whenIdle } from '../../components/chunk/chunk'
import { useElement } from '../../context/element'
import { usePageLoaded } from '../../hooks/usePageLoaded'

const screen = chunk(() => import('./SnippetScreen').then((m) => m.SnippetScreen))

/** The host's code keeps its place on the page but is not seen (nor read out) until it is filled. */
const UNFILLED = { visibility: 'hidden' } as const

/**
 * <flex-snippet>'s bar and filling, fetched as a chunk once the page has
 * loaded: no log-in needs them, so the first screen does not carry them. Until they arrive the
 * host's code holds its place unseen below an empty bar, so no raw `{{apiKey}}`
 * shows and nothing moves when they come. If they cannot be fetched, the code shows as the
 * host wrote it: its placeholders read better than no code at all.
 */
export function LazySnippetScreen() {
  const { root } = useElement()
  const [Screen, setScreen] = useState<ComponentType | undefined>(() => screen.loaded)
  const [failed, setFailed] = useState(false)
  // Once the page has loaded, at the first idle moment after the elements it
  // let render have drawn their screens (a log-in first): a chunk fetched
  // before would hold back the 'load' they wait for, or their first paint.
  const pageLoaded = usePageLoaded()
  useEffect(() => {
    if (Screen || !pageLoaded) return
    return whenIdle(() => {
      screen.load().then(
        (loaded) => setScreen(() => loaded),
        () => setFailed(true),
      )
    }, 0)
  }, [Screen, pageLoaded])
  if (Screen) return <Screen />
  // Portalled with the slot, in the order the screen's bar and slot take.
  return createPortal(
    <>
      {/* The bar's stand-in, as tall as the bar with its Copy button (SnippetScreen), empty. */}
      {!failed && (
        <div part="bar" className="flex items-center rounded-flex bg-surface px-2 py-1 font-flex text-xs">
          <span className="border border-transparent py-1">
            <span className="block h-4" />
          </span>
        </div>
      )}
      <slot style={failed ? undefined : UNFILLED} />
    </>,
    root,
  )
}
