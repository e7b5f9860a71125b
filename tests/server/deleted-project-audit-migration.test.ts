/**
 * Migration 030 on a database that holds the audit logs of projects deleted
 * before it: they go, and those of the projects that exist stay whole.
 */
import { describe, expect, it } from 'vitest'
import { loadMigrations, migrate } from '../../server/db/migrate'
import { emptySchemas } from './empty-schema'

const schemas = emptySchemas()

describe('migration 030 (the audit logs of deleted projects)', () => {
  it('deletes the entries of projects that no longer exist, and only those', async () => {
    const db = await schemas.open()
    const before = (await loadMigrations()).filter((m) => m.version < 30)
    expect(await migrate(db, before)).toContain(29)

    const q = (sql: string, params: unknown[] = []) => db.query(sql, params)
    await q(`INSERT INTO users (id, email, name, password_hash) VALUES ('usr_olga', 'olga@example.com', 'Olga Owner', 'x')`)
    await q(`INSERT INTO projects (id, owner_id, name, webhook_secret_hash) VALUES ('prj_kept', 'usr_olga', 'Kept', 'h')`)
    const entry = (n: number, project: string, action: string, details = {}) =>
      q(
        `INSERT INTO audit_log (id, project_id, at, actor_id, actor_name, actor_email, action, target, details)
         VALUES ($1, $2, now(), 'usr_olga', 'Olga Owner', 'olga@example.com', $3, $2, $4::jsonb)`,
        [`aud_${n}`, project, action, JSON.stringify(details)],
      )
    await entry(1, 'prj_kept', 'project.created', { name: 'Kept' })
    await entry(2, 'prj_gone', 'project.created', { name: 'Gone' })
    await entry(3, 'prj_gone', 'member.invited', { email: 'carol.private@example.com', role: 'viewer' })
    await entry(4, 'prj_kept', 'member.invited', { email: 'dan@example.com', role: 'viewer' })
    await entry(5, 'prj_gone', 'project.deleted', { name: 'Gone' })

    expect(await migrate(db)).toContain(30)
    const left = await db.query<{ id: string }>('SELECT id FROM audit_log ORDER BY seq')
    expect(left.map((r) => r.id)).toEqual(['aud_1', 'aud_4'])
  })
})
