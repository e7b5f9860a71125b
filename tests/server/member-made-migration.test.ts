/**
 * Migration 017 on a database that already holds keys and endpoints: each
 * is credited to whoever the audit log names (a key's creation, the roll
 * that made it, the project's creation for its first key, an endpoint's
 * addition), else to the project's first owner.
 */
import { describe, expect, it } from 'vitest'
import { loadMigrations, migrate } from '../../server/db/migrate'
import { emptySchemas } from './empty-schema'

const schemas = emptySchemas()

describe('migration 017 (who made each key and endpoint)', () => {
  it('credits the rows made before it from the audit log, else to the first owner', async () => {
    const db = await schemas.open()
    const before = (await loadMigrations()).filter((m) => m.version < 17)
    expect(await migrate(db, before)).toContain(16)

    const q = (sql: string, params: unknown[] = []) => db.query(sql, params)
    for (const [id, name] of [
      ['usr_first', 'First Owner'],
      ['usr_now', 'Owner Now'],
      ['usr_dev', 'Dev'],
      ['usr_admin', 'Admin'],
    ]) {
      await q(`INSERT INTO users (id, email, name, password_hash) VALUES ($1, $2, $3, 'x')`, [id, `${id}@example.com`, name])
    }
    await q(`INSERT INTO projects (id, owner_id, name, webhook_secret_hash) VALUES ('prj_1', 'usr_now', 'P', 'h')`)
    const key = (id: string) => q(`INSERT INTO api_keys (id, project_id, key_hash, last4, name) VALUES ($1, 'prj_1', $2, 'abcd', $1)`, [id, `hash_${id}`])
    for (const id of ['apid_first', 'apid_dev', 'apid_rolled', 'apid_unknown']) await key(id)
    await q(`UPDATE api_keys SET replaced_by = 'apid_rolled', rolled_at = now() WHERE id = 'apid_dev'`)
    await q(`INSERT INTO webhook_endpoints (id, project_id, url) VALUES ('whe_dev', 'prj_1', 'https://a.example'), ('whe_old', 'prj_1', 'https://b.example')`)
    const entry = (n: number, actor: string, action: string, target: string, details = {}) =>
      q(`INSERT INTO audit_log (id, project_id, at, actor_id, actor_name, action, target, details) VALUES ($1, 'prj_1', now(), $2, '', $3, $4, $5::jsonb)`, [
        `aud_${n}`,
        actor,
        action,
        target,
        JSON.stringify(details),
      ])
    await entry(1, 'usr_first', 'project.created', 'prj_1')
    await entry(2, 'usr_dev', 'key.created', 'apid_dev')
    await entry(3, 'usr_admin', 'key.rolled', 'apid_dev', { replacedBy: 'apid_rolled' })
    await entry(4, 'usr_dev', 'endpoint.added', 'whe_dev')
    await entry(5, 'usr_first', 'ownership.transferred', 'usr_now')

    expect(await migrate(db)).toContain(17)
    const keys = await db.query<{ id: string; created_by: string; seen_by: string }>('SELECT id, created_by, seen_by FROM api_keys ORDER BY seq')
    expect(keys.map((k) => [k.id, k.created_by, k.seen_by])).toEqual([
      ['apid_first', 'usr_first', 'usr_first'],
      ['apid_dev', 'usr_dev', 'usr_dev'],
      // The replacement of the developer's key, rolled by the admin: created by the developer, seen by the admin.
      ['apid_rolled', 'usr_dev', 'usr_admin'],
      ['apid_unknown', 'usr_first', 'usr_first'],
    ])
    const endpoints = await db.query<{ id: string; added_by: string }>('SELECT id, added_by FROM webhook_endpoints ORDER BY seq')
    expect(endpoints.map((e) => [e.id, e.added_by])).toEqual([
      ['whe_dev', 'usr_dev'],
      ['whe_old', 'usr_first'],
    ])
  })
})
