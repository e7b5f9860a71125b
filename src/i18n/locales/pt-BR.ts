import { CATALOG, type LocaleMessages } from '../en'

/** Placeholder until the translation lands: English. */
const messages: LocaleMessages = { ...CATALOG }
export default messages
