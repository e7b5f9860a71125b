/**
 * Migration 027 on a database that already holds addresses in an
 * international domain's ASCII spelling (xn--…): each is brought to the
 * domain's own spelling, which is what the server now stores and looks up,
 * unless another row already has that spelling.
 */
import { domainToUnicode } from 'node:url'
import { describe, expect, it } from 'vitest'
import { loadMigrations, migrate } from '../../server/db/migrate'
import { emptySchemas } from './empty-schema'

const schemas = emptySchemas()

describe('migration 027 (addresses in their own spelling)', () => {
  it('rewrites accounts, host sign-in addresses and invitations, leaving what is taken or not a valid label', async () => {
    const db = await schemas.open()
    expect(
      await migrate(
        db,
        (await loadMigrations()).filter((m) => m.version < 27),
      ),
    ).toContain(26)

    const user = (id: string, email: string | null, external: string | null = null) =>
      email
        ? db.query(`INSERT INTO users (id, email, name, password_hash) VALUES ($1, $2, 'N', 'x')`, [id, email])
        : db.query(`INSERT INTO users (id, external_id, external_email, name) VALUES ($1, $1, $2, 'N')`, [id, external])
    await user('usr_ana', 'ana@xn--mnchen-3ya.de')
    await user('usr_mixed', 'mo@mail.xn--p1ai.xn--bcher-kva.example')
    await user('usr_bo_unicode', 'bo@bücher.example')
    await user('usr_bo_ascii', 'bo@xn--bcher-kva.example')
    await user('usr_zed', 'zed@xn--1ug.example')
    await user('usr_plain', 'ada@example.com')
    await user('usr_host', null, 'hal@xn--mnchen-3ya.de')
    await db.query(`INSERT INTO projects (id, owner_id, name, webhook_secret_hash) VALUES ('prj_1', 'usr_plain', 'P', 'h')`)
    const invitation = (id: string, email: string) =>
      db.query(`INSERT INTO project_members (id, project_id, email, role, invited_at) VALUES ($1, 'prj_1', $2, 'viewer', now())`, [id, email])
    await invitation('mem_1', 'ivy@xn--maana-pta.example')
    await invitation('mem_2', 'kim@xn--jxalpdlp.example')
    await invitation('mem_3', 'kim@δοκιμή.example')

    expect(await migrate(db)).toContain(27)
    const users = new Map(
      (await db.query<{ id: string; email: string | null; external_email: string | null }>('SELECT id, email, external_email FROM users')).map((u) => [
        u.id,
        u.email ?? u.external_email,
      ]),
    )
    expect(Object.fromEntries(users)).toEqual({
      usr_ana: 'ana@münchen.de',
      usr_mixed: 'mo@mail.рф.bücher.example',
      usr_bo_unicode: 'bo@bücher.example',
      // Taken in its own spelling by another account: kept, as migration 003 keeps a second normalisation.
      usr_bo_ascii: 'bo@xn--bcher-kva.example',
      // Not a valid international label (a zero-width joiner alone): as stored, as the server keeps it.
      usr_zed: 'zed@xn--1ug.example',
      usr_plain: 'ada@example.com',
      usr_host: 'hal@münchen.de',
    })
    // What the migration wrote is what the server makes of the same address.
    expect(users.get('usr_mixed')).toBe(`mo@${domainToUnicode('mail.xn--p1ai.xn--bcher-kva.example')}`)
    const members = await db.query<{ id: string; email: string }>('SELECT id, email FROM project_members ORDER BY id')
    expect(members.map((m) => [m.id, m.email])).toEqual([
      ['mem_1', 'ivy@mañana.example'],
      ['mem_2', 'kim@xn--jxalpdlp.example'],
      ['mem_3', 'kim@δοκιμή.example'],
    ])
  })
})
