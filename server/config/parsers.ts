import { readFileSync } from 'node:fs'
import type { WebhookEventType } from '../../contract/webhooks'
import { parseEncryptionKey } from '../security/encryption'
import { ConfigError, type Env } from './settings'

/** The settings whose text is more than a number, a switch or a checked line. Each throws ConfigError saying what is wrong. */

/**
 * Parses FRAME_ANCESTORS: `'none'` (the default), or space-separated sources
 * such as `'self' https://docs.example.com`. Anything that could end the
 * directive (`;`, `,`) or is not a CSP source expression is refused.
 */
export function parseFrameAncestors(raw: string | undefined): string {
  const value = raw?.trim()
  if (!value) return "'none'"
  const sources = value.split(/\s+/)
  const keyword = /^'(none|self)'$/
  const origin = /^(https?:\/\/)?(\*\.)?[a-z0-9.-]+(:(\d+|\*))?$|^https?:$/i
  for (const source of sources) {
    if (!keyword.test(source) && !origin.test(source)) {
      throw new ConfigError(`FRAME_ANCESTORS: "${source}" is not a source such as 'self' or https://docs.example.com.`)
    }
  }
  if (sources.includes("'none'") && sources.length > 1) throw new ConfigError("FRAME_ANCESTORS: 'none' cannot be combined with other sources.")
  return sources.join(' ')
}

/** Parses CORS_ORIGINS: comma-separated `scheme://host[:port]` origins. */
export function parseOrigins(raw: string | undefined): string[] {
  const origins: string[] = []
  for (const part of (raw ?? '').split(',')) {
    const item = part.trim()
    if (!item) continue
    let url: URL
    try {
      url = new URL(item)
    } catch {
      throw new ConfigError(`CORS_ORIGINS: "${item}" is not an origin such as https://docs.example.com.`)
    }
    if (!/^https?:$/.test(url.protocol) || url.origin !== item.replace(/\/$/, '')) {
      throw new ConfigError(`CORS_ORIGINS: "${item}" is not an origin such as https://docs.example.com.`)
    }
    origins.push(url.origin)
  }
  return origins
}

/** WEBHOOK_RETRY_SCHEDULE: seconds before each retry, comma-separated; unset, the Standard Webhooks schedule. */
export function retrySchedule(raw: string | undefined): number[] {
  const value = raw?.trim()
  // The Standard Webhooks schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.
  if (!value) return [5, 300, 1800, 7200, 18000, 36000, 36000]
  const steps = value.split(',').map((x) => x.trim())
  if (steps.length > 20 || steps.some((x) => !/^\d+(\.\d+)?$/.test(x) || Number(x) > 7 * 86_400)) {
    throw new ConfigError(
      `WEBHOOK_RETRY_SCHEDULE must be up to 20 delays in seconds (each at most 604800), comma-separated, such as 5,300,1800; not "${value}".`,
    )
  }
  return steps.map(Number)
}

const EVENT_TYPE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$/

/**
 * The provider's event catalog: WEBHOOK_EVENT_TYPES_FILE (JSON: an array of
 * { name, description?, example? }, or an object of name → { description?, example? })
 * or WEBHOOK_EVENT_TYPES (names, comma-separated).
 */
export function eventTypes(env: Env): WebhookEventType[] {
  const file = env.WEBHOOK_EVENT_TYPES_FILE
  const list = env.WEBHOOK_EVENT_TYPES
  if (file && list) throw new ConfigError('Set WEBHOOK_EVENT_TYPES or WEBHOOK_EVENT_TYPES_FILE, not both.')
  let types: WebhookEventType[] = []
  if (list)
    types = list
      .split(',')
      .map((name) => ({ name: name.trim() }))
      .filter((t) => t.name)
  if (file) {
    let parsed: unknown
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'))
    } catch (err) {
      throw new ConfigError(`WEBHOOK_EVENT_TYPES_FILE: cannot read ${file} as JSON (${(err as Error).message}).`)
    }
    const entries = Array.isArray(parsed)
      ? parsed
      : parsed && typeof parsed === 'object'
        ? Object.entries(parsed).map(([name, v]) => ({ ...(v && typeof v === 'object' ? v : {}), name }))
        : undefined
    if (!entries)
      throw new ConfigError(
        'WEBHOOK_EVENT_TYPES_FILE must hold a JSON array of { name, description, example } or an object of name → { description, example }.',
      )
    types = entries.map((e: unknown) => {
      const { name, description, example } = (e ?? {}) as Record<string, unknown>
      if (typeof name !== 'string') throw new ConfigError('WEBHOOK_EVENT_TYPES_FILE: every event type needs a "name".')
      if (description !== undefined && typeof description !== 'string')
        throw new ConfigError(`WEBHOOK_EVENT_TYPES_FILE: the description of ${name} must be text.`)
      if (example !== undefined && (example === null || typeof example !== 'object' || Array.isArray(example))) {
        throw new ConfigError(`WEBHOOK_EVENT_TYPES_FILE: the example of ${name} must be a JSON object (it is delivered as "data").`)
      }
      return { name, ...(description ? { description } : {}), ...(example ? { example } : {}) }
    })
  }
  const seen = new Set<string>()
  for (const t of types) {
    if (!EVENT_TYPE_NAME.test(t.name)) {
      throw new ConfigError(`Event type "${t.name}" must be 1 to 100 letters, digits, dots, colons, dashes or underscores, such as invoice.paid.`)
    }
    if (seen.has(t.name)) throw new ConfigError(`Event type "${t.name}" is declared twice.`)
    seen.add(t.name)
  }
  return types
}

/** The parser of an encryption key setting named `name`. */
export const encryptionKeyNamed =
  (name: string) =>
  (raw: string | undefined): Buffer | undefined => {
    if (raw === undefined) return undefined
    const key = parseEncryptionKey(raw)
    if (!key) throw new ConfigError(`${name} must be 32 random bytes as 64 hex digits or base64 (openssl rand -base64 32).`)
    return key
  }

export const encryptionKey = encryptionKeyNamed('SECRET_ENCRYPTION_KEY')

/** A host only this machine reaches, as a URL's hostname or HOST gives it (an IPv6 address with or without brackets). */
export const isLoopbackHost = (host: string) => /^(localhost|127(\.\d{1,3}){3}|\[?(::1|::ffff:127(\.\d{1,3}){3})\]?)$/i.test(host)

/** SMTP_URL: smtp:// or smtps://, with a host. */
export function isSmtpUrl(raw: string): boolean {
  try {
    const url = new URL(raw)
    return /^smtps?:$/.test(url.protocol) && url.hostname !== ''
  } catch {
    return false
  }
}
