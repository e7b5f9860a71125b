import { BIDI_CONTROLS, CONTROL_CHARACTERS } from '../../../contract/constants'
import type { AuditEntry } from './data'

// Control characters, the line and paragraph separators and the bidi controls
// (one reorders the cells after it as it is read). A line break in a
// quoted cell is valid CSV, but grep, wc -l and other line-based readers take
// it for a new row: a name stored as "Bob\r\nBcc: …" (before names refused it)
// would forge one.
const CONTROL = new RegExp(`${CONTROL_CHARACTERS.source}|${BIDI_CONTROLS.source}`, 'gu')

/** A control character as its Unicode picture (CR as ␍, LF as ␊, DEL as ␡), others as �: seen, never obeyed. */
const picture = (c: string): string => {
  const n = c.codePointAt(0)!
  return n < 0x20 ? String.fromCodePoint(0x2400 + n) : n === 0x7f ? '\u2421' : '\ufffd'
}

/**
 * A semicolon before what would start a formula (spaces and quotes aside). A
 * spreadsheet whose list separator is the semicolon (much of Europe) opens a
 * .csv by splitting each line at every semicolon, quotes or not, so a name
 * "Bob;=HYPERLINK(…)" would begin a cell there and run.
 */
const SEMICOLON_FORMULA = /;(?=[ "]*[=+\-@])/g

/**
 * A cell as RFC 4180 quotes it, on one line, made inert for spreadsheets: text
 * an attacker chose (a project or member name) that starts with = + - @, at
 * its start or after a semicolon, would otherwise be run as a formula when the
 * file is opened.
 */
export function csvCell(value: string): string {
  const oneLine = value.replace(CONTROL, picture).replace(SEMICOLON_FORMULA, ";'")
  const inert = /^[=+\-@]/.test(oneLine) ? `'${oneLine}` : oneLine
  return /[",]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert
}

/** The entries as CSV, one line each under a header row. */
export function auditCsv(entries: AuditEntry[]): string {
  const lines = [['id', 'at', 'actor_id', 'actor_name', 'actor_email', 'action', 'target', 'details'].join(',')]
  for (const e of entries) {
    lines.push([e.id, e.at, e.actor.id ?? '', e.actor.name, e.actor.email, e.action, e.target ?? '', JSON.stringify(e.details)].map(csvCell).join(','))
  }
  return lines.join('\r\n') + '\r\n'
}
