import type { LocaleMessages } from '../en'
import { auth } from '../en/auth'

/** Placeholder until the translation lands: English. */
const messages: LocaleMessages = { ...auth }
export default messages
