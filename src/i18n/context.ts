import { createContext } from 'react'
import type { Bundled } from './language'
import type { Messages } from './types'

export interface LocaleState {
  /** The language tag the reader's page gives (for Intl: dates, numbers). */
  tag: string
  /** The bundled language the texts come from; undefined: English. */
  bundled: Bundled | undefined
  /** Its messages once its chunk is here; until then (and for English), the English ones. */
  messages: Messages | undefined
  /** The host's `strings` property, checked: plain texts by id. */
  strings: Readonly<Record<string, string>> | undefined
  /** The layout's direction: what a dialog, portalled outside the screen's wrapper, lays out in. */
  dir: 'ltr' | 'rtl'
}

export const ENGLISH: LocaleState = { tag: 'en', bundled: undefined, messages: undefined, strings: undefined, dir: 'ltr' }

export const LocaleContext = createContext<LocaleState>(ENGLISH)
