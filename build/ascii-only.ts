/**
 * Escapes every non-ASCII character of the emitted JavaScript as \uXXXX. A
 * host page without `<meta charset>` (or a CDN without a charset header) makes
 * the browser decode the script as windows-1252, and 'Logging in…' would show
 * as 'Logging inâ€¦'. Escapes mean the same in strings, templates, regexes and
 * identifiers, so the code is unchanged; only its encoding stops mattering.
 */
import type { Plugin } from 'vite'

export const escapeNonAscii = (code: string): string => code.replace(/[^\x00-\x7f]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'))

export function asciiOnly(): Plugin {
  return {
    name: 'flex-ascii-only',
    apply: 'build',
    // After minification: the minifier would turn the escapes back into characters.
    generateBundle(_, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') file.code = escapeNonAscii(file.code)
      }
    },
  }
}
