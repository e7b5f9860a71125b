import { useCallback, useContext } from 'react'
import { ElementContext } from '../context/element'
import { DEFAULT_PRODUCT_NAME } from '../brand'
import { LocaleContext } from './context'
import type { Message, Messages, Params } from './types'

/** Fills `{name}` in a host's text with the message's parameters (a host's text is plain: no other syntax). */
const fill = (text: string, params: Params) => text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole))

export type Translate<M extends Messages> = (id: keyof M & string, params?: Params) => string

/**
 * The texts of one screen's part of the catalog (`en/<area>.ts`), in the
 * element's language: the host's `strings` first, then the bundled language,
 * then English. Every message gets `product` (the `product-name`) and `lang`.
 * Each area's English travels with the chunk that shows it.
 */
export function useT<M extends Messages>(english: M): Translate<M> {
  const locale = useContext(LocaleContext)
  const product = useContext(ElementContext)?.productName ?? DEFAULT_PRODUCT_NAME
  return useCallback(
    (id, params) => {
      const all: Params = { product, ...params }
      const host = locale.strings?.[id]
      if (host !== undefined) return fill(host, all)
      const message: Message = locale.messages?.[id] ?? english[id]
      // Numbers in the page's region (de-CH: 1'234), the tag checked by placementOf so Intl takes it; English's text, English's.
      const lang = locale.messages?.[id] !== undefined ? locale.tag : 'en'
      return typeof message === 'function' ? message(all, { lang }) : message
    },
    [locale, product, english],
  )
}

/** The reader's language tag, for Intl (dates, numbers) where a screen formats them itself. */
export const useLang = () => useContext(LocaleContext).tag
