import { useEffect, useState, type ComponentType } from 'react'
import { createPortal } from 'react-dom'
import { chunk } from '../../components/chunk/chunk'
import { useElement } from '../../context/element'

const screen = chunk(() => import('./SnippetScreen').then((m) => m.SnippetScreen))

/** The host's code keeps its place on the page but is not seen (nor read out) until it is filled. */
const UNFILLED = { visibility: 'hidden' } as const

/**
 * <flex-snippet>'s bar and filling, fetched as a chunk at once: no log-in
 * needs them, so the first screen does not carry them. Until they arrive the
 * host's code holds its place unseen, so no raw `{{apiKey}}` shows and nothing
 * moves when it is filled. If they cannot be fetched, the code shows as the
 * host wrote it: its placeholders read better than no code at all.
 */
export function LazySnippetScreen() {
  const { root } = useElement()
  const [Screen, setScreen] = useState<ComponentType | undefined>(() => screen.loaded)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (!Screen)
      screen.load().then(
        (loaded) => setScreen(() => loaded),
        () => setFailed(true),
      )
  }, [Screen])
  return Screen ? <Screen /> : createPortal(<slot style={failed ? undefined : UNFILLED} />, root)
}
