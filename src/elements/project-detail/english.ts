import { DEFAULT_PRODUCT_NAME } from '../../brand'
import type { Translate } from '../../i18n'
import type { Messages } from '../../i18n/types'

/**
 * An area's English texts where no element is at hand (helpers called on
 * their own, and their tests); components use `useT`, which speaks the reader's language.
 */
export const english =
  <M extends Messages>(area: M): Translate<M> =>
  (id, params) => {
    const message = area[id]
    return typeof message === 'function' ? message({ product: DEFAULT_PRODUCT_NAME, ...params }, { lang: 'en' }) : message
  }
