/**
 * docs/teams.md's role table against the authorization table: every action
 * of `ACTIONS` has its row, and every cell says what `allows()` answers for
 * that role. The docs once said editing a project and reading its usage were
 * the owner's alone while the server let admins edit and viewers read; this
 * fails on any such difference, naming the row, the role and both answers.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ACTIONS, allows, ROLES, type Action, type Role } from '../../server/security/authorization'

const DOC = 'docs/teams.md'
const ALLOWED = '✓'
const REFUSED = '—'

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim())

/** The first table under `## Roles`: its header's cells and its rows' cells. */
function roleTable(markdown: string): { header: string[]; rows: string[][] } {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Roles\n'))
  if (!section) throw new Error(`${DOC} has no "## Roles" section`)
  const lines = section.split('\n')
  const start = lines.findIndex((line) => line.startsWith('|'))
  if (start < 0) throw new Error(`${DOC}'s "## Roles" section has no table`)
  const table: string[] = []
  for (const line of lines.slice(start)) {
    if (!line.startsWith('|')) break
    table.push(line)
  }
  const [header, , ...rows] = table.map(cells)
  return { header: header!, rows }
}

/** Every way the table and ACTIONS disagree, one sentence each. */
function differences(markdown: string): string[] {
  const { header, rows } = roleTable(markdown)
  const found: string[] = []
  const roles = header.slice(1)
  for (const role of ROLES) if (!roles.includes(role)) found.push(`the table has no column for the role "${role}"`)
  for (const column of roles) if (!(ROLES as readonly string[]).includes(column)) found.push(`the column "${column}" is no role of authorization.ts`)
  const seen = new Set<string>()
  for (const [what = '', ...marks] of rows) {
    const named = [...what.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)
    const action = named.find((name) => name in ACTIONS) as Action | undefined
    if (!action || named.length !== 1) {
      found.push(`the row "${what}" must name exactly one action of authorization.ts in backquotes`)
      continue
    }
    if (seen.has(action)) found.push(`the action ${action} has two rows`)
    seen.add(action)
    roles.forEach((column, i) => {
      if (!(ROLES as readonly string[]).includes(column)) return
      const role = column as Role
      const mark = marks[i]
      const server = allows(role, action)
      if (mark !== ALLOWED && mark !== REFUSED) found.push(`row "${what}", ${role}: "${mark ?? ''}" is neither ${ALLOWED} nor ${REFUSED}`)
      else if ((mark === ALLOWED) !== server)
        found.push(
          `row "${what}", ${role}: the table says ${mark === ALLOWED ? 'allowed' : 'refused'}, authorization.ts ${server ? 'allows it' : 'refuses it'} (least role: ${ACTIONS[action]})`,
        )
    })
  }
  for (const action of Object.keys(ACTIONS)) if (!seen.has(action)) found.push(`the action ${action} has no row`)
  return found
}

describe(`${DOC}'s role table`, () => {
  it('has a row for every action of authorization.ts, and each cell says what authorize() allows that role', () => {
    expect(differences(readFileSync(new URL(`../../${DOC}`, import.meta.url), 'utf8'))).toEqual([])
  })
})
