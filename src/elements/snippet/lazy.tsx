import { useEffect, useState, type ComponentType } from 'react'
import { createPortal } from 'react-dom'
import { chunk } from '../../components/chunk/chunk'
import { useElement } from '../../context/element'

const screen = chunk(() => import('./SnippetScreen').then((m) => m.SnippetScreen))

/**
 * <flex-snippet>'s bar and filling, fetched as a chunk at once: no log-in
 * needs them, so the first screen does not carry them. Until they arrive (or
 * if they cannot), the host's code shows as the host wrote it, as it did
 * before the script ran; a later render tries again.
 */
export function LazySnippetScreen() {
  const { root } = useElement()
  const [Screen, setScreen] = useState<ComponentType | undefined>(() => screen.loaded)
  useEffect(() => {
    if (!Screen)
      screen.load().then(
        (loaded) => setScreen(() => loaded),
        () => undefined,
      )
  }, [Screen])
  return Screen ? <Screen /> : createPortal(<slot />, root)
}
