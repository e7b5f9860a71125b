import { useEffect, useMemo, useState } from 'react'
import type { LocaleState } from './context'
import { placementOf, type Placement } from './language'
import { loadedLocale, loadLocale } from './locales'
import { readStrings } from './strings'

const same = (a: Placement, b: Placement) => a.tag === b.tag && a.dir === b.dir

/**
 * An element's language, kept live: a change of `lang` or `dir` on the
 * element or anywhere above it in the page, or a move under another one,
 * re-renders it in the new language (its chunk fetched first, the old texts
 * shown meanwhile).
 */
export function useLocale(host: HTMLElement, strings: unknown): { locale: LocaleState; dir: 'ltr' | 'rtl' } {
  const [placement, setPlacement] = useState(() => placementOf(host))
  const [, setLoaded] = useState(0)
  // After every render, not only for a new host: a move to another part of the page changes no lang or dir
  // the observer sees, but re-renders the element (its connectedCallback), and it reads where it now is.
  useEffect(() => {
    const update = () => setPlacement((old) => (same(old, placementOf(host)) ? old : placementOf(host)))
    update()
    const observer = new MutationObserver(update)
    observer.observe(host.ownerDocument.documentElement, { attributes: true, attributeFilter: ['lang', 'dir'], subtree: true })
    // An element inside another shadow tree: that tree's changes are not in the document's.
    const root = host.getRootNode()
    if (root instanceof ShadowRoot) observer.observe(root, { attributes: true, attributeFilter: ['lang', 'dir'], subtree: true })
    return () => observer.disconnect()
  })
  const { bundled } = placement
  const messages = loadedLocale(bundled)
  useEffect(() => {
    if (!bundled || messages) return
    let live = true
    void loadLocale(bundled).then((loaded) => live && loaded && setLoaded((n) => n + 1))
    return () => {
      live = false
    }
  }, [bundled, messages])
  const checked = useMemo(() => readStrings(strings), [strings])
  const locale = useMemo<LocaleState>(
    () => ({ tag: placement.tag, bundled: messages ? bundled : undefined, messages, strings: checked, dir: placement.dir }),
    [placement.tag, bundled, messages, checked, placement.dir],
  )
  return { locale, dir: placement.dir }
}
