import { CODE_DIGITS } from '../contract/constants'
import { safeUrl } from './safe-url'

/**
 * Product constants and the defaults for what a host may override. The
 * sidebar's links default to the API reference the server serves at
 * `${apiBase}/docs`, as an absolute address: a path on the host page's own
 * origin would be a 404 on any real host. `quickstart-url` / `docs-url` win.
 */
export const apiDocsUrl = (apiBase: string, anchor = ''): string | undefined => {
  const url = safeUrl(apiBase.replace(/\/+$/, '') + '/docs')
  return url && url + anchor
}

/** How long the 'Successfully copied' notice stays. */
export const COPY_NOTICE_MS = 1000

/** How long a success toast ('Successfully deleted!') stays before it closes itself. */
export const TOAST_MS = 5000

/** Digits in a mailed code. */
export { CODE_DIGITS }

/** Whether `digits` (spaces and dashes already dropped) has the shape of a mailed code. */
export const isCodeShaped = (digits: string) => digits.length === CODE_DIGITS && /^\d+$/.test(digits)
