import type { Messages } from './types'
import type { Bundled } from './language'

/**
 * The bundled languages, each its own chunk fetched the first time an element
 * speaks it (an English page fetches none). A chunk that fails to load leaves
 * the element in English and is asked again next time.
 */
const LOADERS: Record<Bundled, () => Promise<{ default: Messages }>> = {
  de: () => import('./locales/de'),
  es: () => import('./locales/es'),
  fr: () => import('./locales/fr'),
  ja: () => import('./locales/ja'),
  'pt-BR': () => import('./locales/pt-BR'),
}

const loaded = new Map<Bundled, Messages>()
const pending = new Map<Bundled, Promise<Messages | undefined>>()

export const loadedLocale = (lang: Bundled | undefined): Messages | undefined => (lang ? loaded.get(lang) : undefined)

export function loadLocale(lang: Bundled): Promise<Messages | undefined> {
  let promise = pending.get(lang)
  if (!promise) {
    promise = LOADERS[lang]().then(
      (module) => {
        loaded.set(lang, module.default)
        return module.default
      },
      () => {
        pending.delete(lang)
        return undefined
      },
    )
    pending.set(lang, promise)
  }
  return promise
}
