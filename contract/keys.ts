import { z } from 'zod'
import { KEY_MODES, MAX_ALLOWED_IPS, SCOPE_ACCESS } from './constants'
import { KeyFields } from './requests'

/**
 * Key restrictions (issue 50): the provider's scope catalog, and the scopes,
 * address allowlist and mode a key carries. The server checks the values of
 * `mode`, `scopes` and `allowedIps` against its catalog before these schemas
 * (each refusal names the field and the value, with a code); the schemas give
 * the shapes and the types.
 */

/** A scope's name: letters, digits and `_ . : -`, such as `invoices:read`. */
export const SCOPE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$/

/** One entry of the provider's catalog (the KEY_SCOPES_FILE array). */
export const ScopeEntry = z
  .object({
    name: z.string().regex(SCOPE_NAME).meta({ description: 'The scope, as keys hold it and POST /keys/verify asks for it.', example: 'invoices:read' }),
    description: z.string().min(1).max(300).meta({ description: 'What it lets a key do, shown beside it in the portal.', example: 'Read invoices' }),
    group: z.string().min(1).max(60).meta({ description: 'The resource it belongs to, for display (scopes are grouped by it).', example: 'Invoices' }),
    access: z.enum(SCOPE_ACCESS).meta({ description: 'read or write: a read-only key holds every read scope and no write scope.' }),
  })
  .strict()
  .meta({ id: 'ScopeEntry' })
export type ScopeEntry = z.infer<typeof ScopeEntry>

/** GET /manage/dapp/{id}/scopes: the catalog, in the file's order (an empty list on a server without one). */
export const ScopeCatalog = z
  .object({ scopes: z.array(ScopeEntry).meta({ description: "The provider's scopes, in the catalog's order; empty when the server has no catalog." }) })
  .meta({ id: 'ScopeCatalog' })
export type ScopeCatalog = z.infer<typeof ScopeCatalog>

export const KeyModeField = z
  .enum(KEY_MODES)
  .meta({ description: "live (the default) or test. Fixed at creation; a test key's text starts with the test prefix." })

/** null (or left out at creation): every scope. A list: exactly those scopes of the catalog. */
const scopes = z
  .array(z.string())
  .nullable()
  .meta({ description: 'The scopes the key holds, from the catalog; null for every scope (the default). Needs a server with a catalog.' })

const allowedIps = z
  .array(z.string())
  .max(MAX_ALLOWED_IPS)
  .meta({ description: `IPv4/IPv6 addresses or CIDR ranges (at most ${MAX_ALLOWED_IPS}) the key may be used from; empty for anywhere (the default).` })

/** POST /manage/dapp/{id}/api-key: every field optional; a spec-only client sends no body and gets a live key with every scope, from anywhere. */
export const KeyCreate = KeyFields.extend({
  mode: KeyModeField.optional(),
  scopes: scopes.optional(),
  allowedIps: allowedIps.optional(),
}).meta({ id: 'KeyCreate' })
export type KeyCreate = z.input<typeof KeyCreate>

/** PATCH /manage/dapp/{id}/api-key/{keyId}: what is left out is unchanged; the mode cannot change. */
export const KeyChanges = KeyFields.extend({
  scopes: scopes.optional(),
  allowedIps: allowedIps.optional(),
}).meta({ id: 'KeyChanges' })
export type KeyChanges = z.input<typeof KeyChanges>

/** The restrictions of a key, as the key list shows them (and the audit log records their changes). */
export const KeyRestrictions = z.object({
  scopes: z.array(z.string()).nullable().meta({ description: 'The scopes the key holds; null for every scope.' }),
  allowedIps: z.array(z.string()).meta({ description: 'The addresses and CIDR ranges it may be used from; empty for anywhere.' }),
  mode: z.enum(KEY_MODES).meta({ description: 'live or test.' }),
})
export type KeyRestrictions = z.infer<typeof KeyRestrictions>
