import type { AuditEntry } from './data'

/**
 * A cell as RFC 4180 quotes it, made inert for spreadsheets: text an attacker
 * chose (a project or member name) that starts with = + - @ (or a tab or
 * carriage return) would otherwise be run as a formula when the file is opened.
 */
export function csvCell(value: string): string {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert
}

/** The entries as CSV, one per line under a header row. */
export function auditCsv(entries: AuditEntry[]): string {
  const lines = [['id', 'at', 'actor_id', 'actor_name', 'action', 'target', 'details'].join(',')]
  for (const e of entries) {
    lines.push([e.id, e.at, e.actor.id ?? '', e.actor.name, e.action, e.target ?? '', JSON.stringify(e.details)].map(csvCell).join(','))
  }
  return lines.join('\r\n') + '\r\n'
}
