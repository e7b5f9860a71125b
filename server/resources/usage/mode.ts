import { KEY_MODES, type KeyMode } from '../../../contract/constants'
import { badRequest, errorTable } from '../../http/errors'

/** The refusal of a `mode` that is neither live nor test, naming what was sent (cut short: it may be anything). */
export const USAGE_MODE = errorTable({
  KEY_MODE_INVALID: (raw: string) => `mode must be live or test, not ${JSON.stringify(raw.slice(0, 40))}.`,
})

/** `mode`: live or test keys only; left out, every key. */
export function parseMode(raw: string | undefined): KeyMode | undefined {
  if (raw === undefined) return undefined
  if (!KEY_MODES.includes(raw as KeyMode)) throw badRequest(USAGE_MODE.KEY_MODE_INVALID(raw))
  return raw as KeyMode
}
