/** Mounting the real custom elements and looking inside their shadow roots. */
import { within } from '@testing-library/react'
import { defineFlexElements } from '../../../src/define'

export type FlexTag =
  'flex-portal' | 'flex-login' | 'flex-signup' | 'flex-projects' | 'flex-project-detail' | 'flex-snippet' | 'flex-webhooks' | 'flex-request-log'

/** Defines the elements (idempotent) and appends `<tag attrs…>` to the body. */
export function mountElement<K extends FlexTag>(tag: K, attributes: Record<string, string> = {}, parent: Element = document.body): HTMLElementTagNameMap[K] {
  defineFlexElements()
  const el = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value)
  parent.append(el)
  return el
}

/** testing-library queries scoped to an element's shadow root (screen does not see into it). */
export function shadow(el: Element) {
  if (!el.shadowRoot) throw new Error(`<${el.localName}> has no open shadow root`)
  return within(el.shadowRoot as unknown as HTMLElement)
}

/** Collects the `flex-*` events that reach `target` (the document by default). */
export function recordEvents(names: string[], target: EventTarget = document): { events: CustomEvent[]; stop: () => void } {
  const events: CustomEvent[] = []
  const listener = (e: Event) => events.push(e as CustomEvent)
  for (const name of names) target.addEventListener(name, listener)
  return { events, stop: () => names.forEach((name) => target.removeEventListener(name, listener)) }
}
