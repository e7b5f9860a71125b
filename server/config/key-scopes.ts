import { readFileSync } from 'node:fs'
import { SCOPE_ACCESS } from '../../contract/constants'
import { SCOPE_NAME, type ScopeEntry } from '../../contract/keys'
import { ConfigError } from './settings'

/**
 * KEY_SCOPES_FILE: the provider's scope catalog, a JSON array of
 * `{ name, description, group, access }`. Read once at start; anything wrong
 * stops the server with one sentence naming the file and the problem (no
 * stack trace: main.ts prints a ConfigError's message alone).
 */
export function keyScopes(file: string | undefined): ScopeEntry[] | undefined {
  if (file === undefined) return undefined
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (err) {
    const code = (err as { code?: string }).code
    throw new ConfigError(`KEY_SCOPES_FILE: cannot read ${file} (${code === 'ENOENT' ? 'no such file' : (code ?? (err as Error).message)}).`)
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (err) {
    throw new ConfigError(`KEY_SCOPES_FILE: ${file} is not JSON (${(err as Error).message}).`)
  }
  if (!Array.isArray(parsed)) throw new ConfigError(`KEY_SCOPES_FILE: ${file} must hold a JSON array of { name, description, group, access }.`)
  // An empty catalog would make every live key broad (no scope to narrow it to) and leave a developer no key to make.
  if (parsed.length === 0)
    throw new ConfigError(`KEY_SCOPES_FILE: ${file} holds no scope; name at least one, or leave KEY_SCOPES_FILE unset for keys without scopes.`)
  const seen = new Set<string>()
  return parsed.map((raw: unknown, i) => {
    const entry = scopeEntry(raw, i)
    if (seen.has(entry.name)) throw new ConfigError(`KEY_SCOPES_FILE: the scope "${entry.name}" is declared twice.`)
    seen.add(entry.name)
    return entry
  })
}

const line = (v: unknown, max: number) => typeof v === 'string' && v.trim() !== '' && v.length <= max && !/[\u0000-\u001f\u007f]/.test(v)

/** One entry, checked field by field so the message says which entry (by position and name) and which field is wrong. */
function scopeEntry(raw: unknown, i: number): ScopeEntry {
  const at = `entry ${i + 1}`
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new ConfigError(`KEY_SCOPES_FILE: ${at} must be an object { name, description, group, access }.`)
  const { name, description, group, access, ...rest } = raw as Record<string, unknown>
  if (typeof name !== 'string' || !SCOPE_NAME.test(name)) {
    throw new ConfigError(
      `KEY_SCOPES_FILE: the name of ${at} must be 1 to 100 letters, digits, dots, colons, dashes or underscores, such as invoices:read (not ${JSON.stringify(name) ?? 'missing'}).`,
    )
  }
  const of = `${at} ("${name}")`
  if (!line(description, 300)) throw new ConfigError(`KEY_SCOPES_FILE: the description of ${of} must be one line of text, 1 to 300 characters.`)
  if (!line(group, 60))
    throw new ConfigError(`KEY_SCOPES_FILE: the group of ${of} must be one line of text, 1 to 60 characters (the resource, such as Invoices).`)
  if (!SCOPE_ACCESS.includes(access as never)) throw new ConfigError(`KEY_SCOPES_FILE: the access of ${of} must be "read" or "write".`)
  const extra = Object.keys(rest)
  if (extra.length) throw new ConfigError(`KEY_SCOPES_FILE: ${of} has a field the catalog does not know: ${extra[0]}.`)
  return { name, description: description as string, group: group as string, access: access as ScopeEntry['access'] }
}
