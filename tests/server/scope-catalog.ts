import type { ScopeEntry } from '../../contract/keys'

/** A provider's scope catalog, as KEY_SCOPES_FILE would hold it, for the tests of key restrictions. */
export const CATALOG: ScopeEntry[] = [
  { name: 'invoices:read', description: 'Read invoices', group: 'Invoices', access: 'read' },
  { name: 'invoices:write', description: 'Create and change invoices', group: 'Invoices', access: 'write' },
  { name: 'customers:read', description: 'Read customers', group: 'Customers', access: 'read' },
]
