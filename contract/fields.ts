import { z } from 'zod'
import { BIDI_CONTROLS, BLANK, CONTROL_CHARACTERS, rendersBlank } from './constants'
import { ERROR_CODES, type ErrorCode } from './error-codes'
import { ISO_8601, realInstant } from './instants'

/**
 * Field schemas that answer with the sentences a user reads. The server sends
 * the first failing check's message as its 400, so each field checks in the
 * order a person fixes a form: present, then text, then long enough or short enough.
 */

/** Length as a person counts it: an emoji is one character, not two UTF-16 units (JSON Schema counts the same way). */
const length = (s: string) => [...s].length

// Each message a check answers, with its code (contract/constants.ts ERROR_CODES):
// the server sends the first failing check's message and this code beside it.
const CODES = new Map<string, ErrorCode>()

/**
 * `message`, as the answer of `code`. Registered when the schema is built, so a
 * code missing from ERROR_CODES, or a message given two codes, fails at load.
 */
export function coded(code: string, message: string): string {
  if (!(ERROR_CODES as readonly string[]).includes(code)) throw new Error(`${code} is not in ERROR_CODES (contract/constants.ts).`)
  const known = CODES.get(message)
  if (known && known !== code) throw new Error(`"${message}" has two codes: ${known} and ${code}.`)
  CODES.set(message, code as ErrorCode)
  return message
}

/** The code of a check's message (the first issue of a refused body or query), if a schema of the contract words it. */
export const fieldErrorCode = (message: string): ErrorCode | undefined => CODES.get(message)

export interface TextRule {
  /** The field's code prefix: NAME gives NAME_REQUIRED, NAME_TOO_LONG… (stable, whatever the label says). */
  code: string
  /** Missing, null or (after trimming) empty is refused. */
  required?: boolean
  max: number
  /** Trim surrounding white space (not for passwords). */
  trim?: boolean
  /** A name or one-line label: no control characters, and something that shows (see nameMessages). */
  name?: boolean
  /**
   * With `name`: lets the bidi controls through, which a name refuses as control characters (they reorder the
   * words after it in a sentence). For a value shown in a cell of its own and looked up as it was stored.
   */
  bidiControls?: boolean
  /**
   * A text of several lines (a description): line breaks and tabs are its own, any other control character and the
   * bidi controls are refused (an escape sequence that recolours a terminal reading it, an override that shows
   * "gnp.exe" for "exe.png"), and so is a text of nothing visible.
   */
  lines?: boolean
  description?: string
}

/** A string, or for a missing or null value the "is required" sentence. */
function string(label: string, code: string) {
  const required = coded(`${code}_REQUIRED`, `${label} is required.`)
  const notText = coded(`${code}_NOT_TEXT`, `${label} must be text.`)
  return z.string({ error: (issue) => (issue.input == null ? required : notText) })
}

// Characters that render blank (BLANK, in constants.ts for the verify package):
// Unicode's format characters (Cf: zero-width space and joiners, the soft hyphen,
// direction marks, the Mongolian vowel separator U+180E, tag characters), the
// rest of its Default_Ignorable_Code_Point set (Hangul fillers U+115F U+1160
// U+3164 U+FFA0, the combining grapheme joiner U+034F, variation selectors), and
// two that are neither yet are drawn as an empty cell: the Braille blank U+2800
// and the musical null notehead U+1D159. One definition, for names and addresses alike.
const RENDERS_BLANK = new RegExp(`[${BLANK}]`, 'u')

/** Whether `text` holds a character that renders blank (format, default-ignorable, U+2800 …). */
export const hasBlankCharacters = (text: string): boolean => RENDERS_BLANK.test(text)

export { rendersBlank }

/** Whether `text` holds a control character or a line or paragraph separator. */
export const hasControlCharacters = (text: string): boolean => CONTROL_CHARACTERS.test(text)

/** The 400s a name field (`label`) answers beyond required and length: a control character, then nothing visible. */
export const nameMessages = (label: string) =>
  [
    `${label} must not contain line breaks, tabs or other control characters.`,
    `${label} must contain a visible character, not only spaces or invisible characters.`,
  ] as const

/** What a text of several lines refuses (TextRule's `lines`): the control characters but tab, line feed and carriage return. */
const LINES_CONTROL = new RegExp(`(?![\\t\\n\\r])${CONTROL_CHARACTERS.source}|${BIDI_CONTROLS.source}`, 'u')

function checked(label: string, { code, required, max, trim = true, name, bidiControls, lines }: TextRule) {
  let s = string(label, code)
  if (trim) s = s.trim()
  if (required) s = s.min(1, coded(`${code}_REQUIRED`, `${label} is required.`))
  // Counting code points makes an array of them: only needed when the UTF-16 length is over (never fewer units than code points).
  const bounded = s.refine((v) => v.length <= max || length(v) <= max, coded(`${code}_TOO_LONG`, `${label} must be at most ${max} characters.`))
  if (lines)
    return bounded
      .refine(
        (v) => !LINES_CONTROL.test(v),
        coded(`${code}_CONTROL_CHARACTERS`, `${label} must not contain control characters other than line breaks and tabs.`),
      )
      .refine((v) => v === '' || !rendersBlank(v), coded(`${code}_BLANK`, nameMessages(label)[1]))
  if (!name) return bounded
  // Only a name made of nothing visible is refused: a zero-width joiner inside one
  // is how some scripts and emoji are written. An optional name may be left empty.
  const [control, blank] = nameMessages(label)
  return bounded
    .refine((v) => !hasControlCharacters(v) && (bidiControls || !BIDI_CONTROLS.test(v)), coded(`${code}_CONTROL_CHARACTERS`, control))
    .refine((v) => v === '' || !rendersBlank(v), coded(`${code}_BLANK`, blank))
}

/** A required text field, checked against `rule`. */
export const requiredText = (label: string, rule: Omit<TextRule, 'required'>) =>
  checked(label, { ...rule, required: true }).meta({ maxLength: rule.max, description: rule.description })

/** An optional text field: missing or null reads as "". */
export const optionalText = (label: string, rule: Omit<TextRule, 'required'>) =>
  checked(label, rule)
    .nullish()
    .transform((v) => v ?? '')
    .meta({ maxLength: rule.max, description: rule.description })

/** A text field that may be left out (undefined: unchanged) or sent empty or null (cleared: ""). */
export const clearableText = (label: string, rule: Omit<TextRule, 'required'>) =>
  checked(label, rule)
    .nullable()
    .transform((v) => v ?? '')
    .meta({ maxLength: rule.max, description: rule.description })
    .optional()

/** A text field that may be left out (undefined), but not sent empty or null. */
export const omittableText = (label: string, rule: Omit<TextRule, 'required'>) =>
  checked(label, { ...rule, required: true })
    .meta({ maxLength: rule.max, description: rule.description })
    .optional()

// Deliberately loose (one @, a dot in the domain, no spaces): the only real
// check of an address is mail reaching it, and strict patterns refuse valid ones.
// But none of the characters that make an address more than one plain address to
// mail software (RFC 5322's specials: a comment "(1)", a list "x,a@b" or "a@b;",
// a display name "<…>", quotes): "a@example.com(1)" reaches a@example.com, and
// would be another account, and another invitation count, for the same mailbox.
const EMAIL = /^[^\s@()<>,;:\\"[\]]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/
// An address an account may already have (log-in, a reset): as loose as the check was before the specials
// were refused, so no account made then is locked out.
const EXISTING_EMAIL = /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/

/** An address holding a character that renders blank or a control character (the address as typed is not the one mail would reach). */
export const EMAIL_INVISIBLE = 'E-mail address must not contain invisible or control characters (such as a zero-width space or a soft hyphen).'
/** An address whose domain is an IP address, bracketed (a domain literal) or bare. */
export const EMAIL_NOT_A_DOMAIN = 'E-mail address must end in a domain name, not an IP address.'

/** Whether `text` holds a character that shows as nothing or a control character: every call that takes an e-mail address refuses such an address (400). */
export const hasInvisibleCharacters = (text: string): boolean => hasBlankCharacters(text) || hasControlCharacters(text)

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1)

// A domain as mail software reaches it: mapped as URLs map a host name (UTS-46: fullwidth letters and digits,
// ideographic full stops; then an IPv4 address in any notation, "0x7f.1" being 127.0.0.1); undefined when it is none.
const reached = (domain: string): string | undefined => {
  try {
    return new URL(`http://${domain}/`).hostname
  } catch {
    return undefined
  }
}

// A domain literal ("a@[127.0.0.1]") or a bare address ("a@127.0.0.1", no
// top-level domain is all digits), also as mail software would read it
// ("a@127.0.0.１", "a@0x7f.1"), sends mail to a host by its IP address, around
// every policy that names domains: such an address names no one's mailbox.
const ipDomain = (address: string): boolean => {
  const domain = domainOf(address)
  return /[[\]]/.test(domain) || /(^|\.)\d+$/.test(domain) || /(^|\.)\d+$/.test(reached(domain) ?? '')
}

// An address whose domain mail software would map to another ("ｅxample.com" and "example。com" reach
// example.com, "exa%41mple.com" exaample.com) is two accounts for one mailbox, each with its own limits:
// an ASCII domain must be as mail reaches it, and another (münchen.de) hold no character that mapping changes.
// Either way what mail reaches is a host name: letters, digits and hyphens between dots ("example.com(1)" and
// "example.com;" are a URL's host name, and reach example.com).
const asReached = (address: string, hostName: boolean): boolean => {
  const domain = domainOf(address)
  const host = reached(domain)
  if (host === undefined || (hostName && !/^[a-z0-9_-]+(\.[a-z0-9_-]+)+$/.test(host))) return false
  if (/^[\x00-\x7f]*$/.test(domain)) return host === domain
  return domain === domain.normalize('NFKC') && !/[\u3002\uff0e\uff61]/.test(domain)
}

/** RFC 3492's decoding of a label's Punycode (what follows "xn--"); undefined when it is none. */
function punycode(input: string): string | undefined {
  const digit = (c: number) => (c >= 48 && c <= 57 ? c - 22 : c >= 97 && c <= 122 ? c - 97 : c >= 65 && c <= 90 ? c - 65 : -1)
  const dash = input.lastIndexOf('-')
  const out = dash > 0 ? Array.from(input.slice(0, dash), (c) => c.codePointAt(0)!) : []
  let [n, i, bias, pos] = [128, 0, 72, dash + 1]
  while (pos < input.length) {
    const old = i
    for (let w = 1, k = 36; ; k += 36) {
      const d = pos < input.length ? digit(input.charCodeAt(pos++)) : -1
      if (d < 0 || i + d * w > 0x7fffffff) return undefined
      i += d * w
      const t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias
      if (d < t) break
      w *= 36 - t
    }
    let delta = old === 0 ? Math.floor((i - old) / 700) : (i - old) >> 1
    delta += Math.floor(delta / (out.length + 1))
    let k = 0
    for (; delta > 455; k += 36) delta = Math.floor(delta / 35)
    bias = k + Math.floor((36 * delta) / (delta + 38))
    n += Math.floor(i / (out.length + 1))
    i %= out.length + 1
    if (n > 0x10ffff) return undefined
    out.splice(i++, 0, n)
  }
  return String.fromCodePoint(...out)
}

// A domain's international labels have two spellings that reach one mailbox: its own (münchen.de) and the
// ASCII one DNS carries (xn--mnchen-3ya.de). Each label in the ASCII spelling is kept in its own, the one people
// read and type, so the two are one account (migration 027 brought existing addresses to it). Only when the own
// spelling is that label's, as URLs map it back (which also checks it is a valid international label); else the
// label stays as written, for the checks below to judge.
const ownSpelling = (address: string): string => {
  const at = address.lastIndexOf('@')
  const domain = address.slice(at + 1)
  if (!/(^|\.)xn--/.test(domain)) return address
  const labels = domain.split('.').map((label) => {
    const own = label.startsWith('xn--') ? punycode(label.slice(4)) : undefined
    return own !== undefined && /[^\x00-\x7f]/.test(own) && reached(own) === label ? own : label
  })
  return `${address.slice(0, at + 1)}${labels.join('.')}`
}

/**
 * An e-mail address, trimmed, NFC-normalised and lower-cased so one person has
 * one account: the composed and decomposed forms of "josé" are one address, and
 * so are a domain's two spellings (münchen.de, xn--mnchen-3ya.de: `ownSpelling`).
 * Invisible characters are refused rather than removed: the address as typed
 * is not the one mail would be sent to. `existing`: an address that names an
 * account (log-in, a reset), checked as loosely as when accounts could be made
 * with RFC 5322's specials in them, so none is locked out.
 */
export const email = (description: string, { existing = false } = {}) =>
  checked('E-mail address', { code: 'EMAIL', required: true, max: 254 })
    .overwrite((v) => ownSpelling(v.normalize('NFC').toLowerCase()))
    .refine((v) => !hasInvisibleCharacters(v), coded('EMAIL_INVISIBLE', EMAIL_INVISIBLE))
    .regex(existing ? EXISTING_EMAIL : EMAIL, coded('EMAIL_INVALID', 'Enter a valid e-mail address.'))
    .refine((v) => !ipDomain(v), coded('EMAIL_NOT_A_DOMAIN', EMAIL_NOT_A_DOMAIN))
    .refine((v) => asReached(v, !existing), coded('EMAIL_INVALID', 'Enter a valid e-mail address.'))
    .meta({ format: 'email', maxLength: 254, description })

/** A required whole number within [min, max]; `code` as TextRule's. */
export function wholeNumber(label: string, code: string, min: number, max: number, description: string) {
  const range = coded(`${code}_OUT_OF_RANGE`, `${label} must be a whole number from ${min} to ${max}.`)
  const required = coded(`${code}_REQUIRED`, `${label} is required.`)
  return z
    .number({ error: (issue) => (issue.input == null ? required : range) })
    .int(range)
    .min(min, range)
    .max(max, range)
    .meta({ description })
}

/**
 * An optional ISO-8601 date-time with its offset: undefined when the field is
 * absent, null when it is null (no date). Whether it lies in the future depends
 * on the server's clock, so the route checks that.
 */
export const isoDateTime = (label: string, code: string, description: string) =>
  checked(label, { code, required: true, max: 40 })
    .refine((v) => ISO_8601.test(v), coded(`${code}_NOT_A_DATE`, `${label} must be an ISO-8601 date and time, such as 2030-01-31T12:00:00Z.`))
    .refine(
      realInstant,
      coded(
        `${code}_NO_SUCH_DATE`,
        `${label} must be a date and time that exists (no February 30, no 24:00), from the year 1 to 9999 in UTC, such as 2030-01-31T12:00:00Z.`,
      ),
    )
    .transform((v) => new Date(Date.parse(v)))
    .nullable()
    .optional()
    .meta({ type: ['string', 'null'], format: 'date-time', description })
