/**
 * A deleted project's request logs (server/resources/logs/purge.ts): unreadable at once, and
 * deleted on the retention schedule in batches, its rollups last; other projects' logs untouched.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { storeEntries } from '../../server/resources/logs/data'
import { deletedProjectLogs } from '../../server/resources/logs/purge'
import { newProject, usePostgres } from './harness'
import { HOUR, logProject, NOON, SERVICE_TOKEN, type LogProject } from './request-log-project'
import { blockedBy, holdOpen } from './blocked'

let p: LogProject | undefined
afterEach(async () => {
  await p?.s.close()
  p = undefined
})

const service = { Authorization: `Bearer ${SERVICE_TOKEN}` }

/** The deleted project's stored entries and rollups, straight from the tables. */
async function stored({ s }: LogProject, projectId: string) {
  const count = async (table: string) =>
    (await s.db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${table} WHERE project_id = $1`, [projectId]))[0].n
  return { entries: await count('request_logs'), hours: await count('request_log_hours') }
}

/** The project and a second one of the same owner, each with calls reported; then the first deleted. */
async function deletedBesideAnother() {
  p = await logProject({ name: 'Second key' })
  const other = await newProject(p.s, p.owner.accessToken, { name: 'Other app', description: 'Stays' })
  const otherKey = Object.keys(other.apiKey)[0]
  await p.reportCalls([
    { keyId: p.firstKey },
    { keyId: p.secondKey, status: 500 },
    { keyId: p.firstKey, at: new Date(Date.parse('2026-03-08T09:00:00Z')).toISOString() },
  ])
  await p.report([
    {
      requestId: 'req_other',
      keyId: otherKey,
      method: 'GET',
      route: '/v1/invoices',
      status: 200,
      durationMs: 5,
      at: new Date(Date.parse('2026-03-10T11:30:00Z')).toISOString(),
    },
  ])
  const otherSummary = async () => (await p!.s.request('GET', `/api/manage/dapp/${other.id}/logs/summary?days=7`, { token: p!.owner.accessToken })).body
  const before = await otherSummary()
  const deleted = await p.s.request('DELETE', `/api/manage/dapp/${p.projectId}`, { token: p.owner.accessToken })
  expect(deleted.status).toBe(204)
  return { p, other, before, otherSummary }
}

describe("a deleted project's request logs", () => {
  it('are unreadable at once, deleted at the next tick with their rollups, and no other project loses any', async () => {
    const { p, other, before, otherSummary } = await deletedBesideAnother()
    expect((await p.page('')).status).toBe(404)
    // Still stored until the schedule runs: the provider's lookup finds them.
    expect(await stored(p, p.projectId)).toEqual({ entries: 3, hours: 3 })
    expect((await p.s.request('GET', '/api/logs/req_2', { headers: service })).status).toBe(200)

    await p.s.app.retention.tick()

    expect(await stored(p, p.projectId)).toEqual({ entries: 0, hours: 0 })
    const lookup = await p.s.request('GET', '/api/logs/req_2', { headers: service })
    expect([lookup.status, lookup.body.code]).toEqual([404, 'LOG_ENTRY_NOT_FOUND'])
    expect(await stored(p, other.id)).toEqual({ entries: 1, hours: 1 })
    expect(await otherSummary()).toEqual(before)
    expect((await p.s.request('GET', '/api/logs/req_other', { headers: service })).status).toBe(200)
  })

  it('go a batch at a time, the rollups only once no entry is left, so a purge cut short is found again', async () => {
    const { p } = await deletedBesideAnother()
    const job = deletedProjectLogs(p.s.db, 2)
    expect(await job.prune(0)).toBe(true)
    expect(await stored(p, p.projectId)).toEqual({ entries: 1, hours: 3 })
    // Cut short here: a later run (a new job, as after a restart) finds the project by its rollups.
    const again = deletedProjectLogs(p.s.db, 2)
    expect(await again.prune(0)).toBe(true)
    expect(await stored(p, p.projectId)).toEqual({ entries: 0, hours: 0 })
    expect(await again.prune(0)).toBe(false)
  })

  it('go one project after another in one tick', async () => {
    const { p, other } = await deletedBesideAnother()
    expect((await p.s.request('DELETE', `/api/manage/dapp/${other.id}`, { token: p.owner.accessToken })).status).toBe(204)
    await p.s.app.retention.tick()
    expect([await stored(p, p.projectId), await stored(p, other.id)]).toEqual([
      { entries: 0, hours: 0 },
      { entries: 0, hours: 0 },
    ])
  })

  it('go with an account that is deleted, as its projects do', async () => {
    p = await logProject({ name: 'Second key' })
    await p.reportCalls([{ keyId: p.firstKey }, { keyId: p.secondKey }])
    const gone = await p.s.request('DELETE', '/api/me', { token: p.owner.accessToken, body: { password: p.owner.password } })
    expect(gone.status).toBe(204)
    await p.s.app.retention.tick()
    expect(await stored(p, p.projectId)).toEqual({ entries: 0, hours: 0 })
  })

  it('goes on past a day another instance dropped after the purge listed it, and gets the rest', async () => {
    const { p } = await deletedBesideAnother()
    const { db } = p.s
    let droppedOne = false
    // Another instance's retention drops the first day's partition between the listing and its DELETE.
    const racing = {
      ...db,
      query: async (sql: string, params?: readonly unknown[]) => {
        const table = /^DELETE FROM (request_logs_\d+) /.exec(sql)?.[1]
        if (table && !droppedOne) {
          droppedOne = true
          await db.query(`DROP TABLE ${table}`)
        }
        return db.query(sql, params)
      },
    } as typeof db
    expect(await deletedProjectLogs(racing).prune(0)).toBe(true)
    expect(droppedOne).toBe(true)
    expect(await stored(p, p.projectId)).toEqual({ entries: 0, hours: 0 })
  })

  it('leaves the logs of every project that exists alone', async () => {
    p = await logProject({ name: 'Second key' })
    await p.reportCalls([{ keyId: p.firstKey }, { keyId: p.secondKey }])
    expect(await deletedProjectLogs(p.s.db, 1).prune(0)).toBe(false)
    expect(await stored(p, p.projectId)).toEqual({ entries: 2, hours: 2 })
  })
})

// Two connections at once: PostgreSQL only (PGlite has one, so a batch and a deletion never overlap there).
describe.runIf(usePostgres)('a batch stored while its project is being deleted', () => {
  it('holds the deletion until the batch commits, so the purge finds every entry the batch stored', async () => {
    p = await logProject({ name: 'Second key' })
    const { s } = p
    // A first call makes the day's partition, as any ingest does before it stores.
    await p.reportCalls([{ keyId: p.firstKey }])
    const batch = await holdOpen(s.db, async (tx) => {
      const late = {
        requestId: 'req_late',
        keyId: p!.firstKey,
        method: 'GET',
        route: '/v1/invoices',
        status: 200,
        durationMs: 5,
        at: new Date(NOON - HOUR / 2),
      }
      expect(await storeEntries(tx, [late])).toEqual({ known: 1, inserted: 1 })
    })
    const deletion = p.s.request('DELETE', `/api/manage/dapp/${p.projectId}`, { token: p.owner.accessToken })
    // The deletion waits for the batch: its connection is blocked by the batch's (a condition, not a time).
    await blockedBy(s.db, batch)
    expect((await deletion).status).toBe(204)
    await s.app.retention.tick()
    expect(await stored(p, p.projectId)).toEqual({ entries: 0, hours: 0 })
  })

  it('waits for a deletion that holds the project, then drops its entries as of a key that no longer exists', async () => {
    p = await logProject({ name: 'Second key' })
    const { s } = p
    await p.reportCalls([{ keyId: p.firstKey }])
    // The deletion's own statements: the project held, then, once released, deleted with its keys.
    const deletion = await holdOpen(
      s.db,
      async (tx) => void (await tx.query('SELECT 1 FROM projects WHERE id = $1 FOR UPDATE', [p!.projectId])),
      async (tx) => void (await tx.query('DELETE FROM projects WHERE id = $1', [p!.projectId])),
    )
    const at = new Date(NOON - HOUR / 2).toISOString()
    const entry = (requestId: string, keyId: string) => ({ requestId, keyId, method: 'GET', route: '/v1/invoices', status: 200, durationMs: 5, at })
    const batch = s.request('POST', '/api/logs', { headers: service, body: { entries: [entry('req_a', p.firstKey), entry('req_b', p.secondKey)] } })
    await blockedBy(s.db, deletion)
    const res = await batch
    expect(res.status, res.text).toBe(202)
    expect(res.body).toMatchObject({ accepted: 0, dropped: { unknownKey: 2 } })
  })
})
