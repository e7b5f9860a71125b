export { useT, useLang, type Translate } from './useT'
export { useLocale } from './useLocale'
export { LocaleContext } from './context'
export { plural } from './plural'
