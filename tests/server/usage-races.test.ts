/**
 * Usage counts written while their project is deleted (PostgreSQL, two connections): the write and the deletion
 * take the project's row and its usage rows in one order, so one waits for the other. In opposite orders,
 * PostgreSQL ended one of the two as a deadlock: the deletion answered 500.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addUsage, type UsageRow } from '../../server/resources/usage/data'
import { holdOpen, waitingOn } from './blocked'
import { createTestServer, newProject, signUp, usePostgres, type SignedUp, type TestServer } from './harness'

let s: TestServer
let a: SignedUp

beforeEach(async () => {
  s = await createTestServer()
  a = await signUp(s)
})
afterEach(() => s.close())

const today = new Date().toISOString().slice(0, 10)
const usage = (keyId: string, projectId: string): UsageRow => ({ keyId, day: today, projectId, name: keyId, mode: 'live', valid: 1, expired: 0 })
const counted = async (keyId: string) =>
  (await s.db.query<{ n: number }>('SELECT coalesce(sum(valid), 0)::int AS n FROM key_usage WHERE key_id = $1', [keyId]))[0].n

describe.runIf(usePostgres)('usage counts written while their project is deleted', () => {
  it('the deletion waits for the write, then takes the counts with the project (204, not a deadlock)', async () => {
    const project = await newProject(s, a.accessToken)
    const other = await newProject(s, a.accessToken, { name: 'Other', description: '' })
    // Counts of the day already stored: the write adds to the first (its row locked), then a new key's (the
    // project's row taken for its reference).
    await addUsage(s.db, [usage('kuse_1', project.id), usage('kuse_2', other.id)], 'batch-1')
    // Another instance's write holding kuse_2's usage row: the write is paused between the two.
    const held = await holdOpen(s.db, async (tx) => void (await tx.query("SELECT 1 FROM key_usage WHERE key_id = 'kuse_2' FOR UPDATE")))
    const write = addUsage(s.db, [usage('kuse_1', project.id), usage('kuse_2', other.id), usage('kuse_3', project.id)], 'batch-2')
    await waitingOn(s.db, [held], 1)
    const deletion = s.request('DELETE', `/api/manage/dapp/${project.id}`, { token: a.accessToken })
    await waitingOn(s.db, [held], 2)
    held.release()
    await held.ended
    const [res] = await Promise.all([deletion, write])
    expect(res.status, res.text).toBe(204)
    expect(await counted('kuse_1')).toBe(0)
    expect(await counted('kuse_3')).toBe(0)
    expect(await counted('kuse_2')).toBe(2)
  })
})
