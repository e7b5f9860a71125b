/**
 * An international domain has two spellings that reach one mailbox: its own
 * (münchen.de) and the ASCII one DNS carries (xn--mnchen-3ya.de). Every call
 * that takes an address keeps the own one, so both are one account, one
 * invitation, one set of limits.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestServer, deviceToken, newProject, signUp, type TestServer } from './harness'
import { verifyEmail } from './teams'

let s: TestServer | undefined
let folder: string | undefined
afterEach(async () => {
  await s?.close()
  s = undefined
  if (folder) await rm(folder, { recursive: true, force: true })
  folder = undefined
})

async function server() {
  folder = await mkdtemp(join(tmpdir(), 'flex-idn-'))
  s = await createTestServer({ config: { mail: { smtpUrl: undefined, folder } } })
  return s
}

describe("an address's two spellings of an international domain", () => {
  it('are one account: signed up in either, the other is taken, and either logs in', async () => {
    const s = await server()
    const ana = await signUp(s, { email: 'Ana@XN--MNCHEN-3YA.de' })
    expect(ana.user.email).toBe('ana@münchen.de')
    const token = await deviceToken(s)
    const again = await s.request('POST', '/api/register', { token, body: { name: 'Mallory', email: 'ana@münchen.de', password: 'another long passphrase' } })
    expect(again).toMatchObject({ status: 409, body: { code: 'EMAIL_TAKEN' } })
    for (const email of ['ana@münchen.de', 'ana@xn--mnchen-3ya.de', 'ANA@xn--MNCHEN-3ya.DE']) {
      const res = await s.request('POST', '/api/auth/authenticate', { token, body: { email, password: ana.password } })
      expect(res.status, email).toBe(200)
      expect(res.body.user.id, email).toBe(ana.user.id)
    }
    const [{ n }] = await s.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM users')
    expect(n).toBe(1)
  })

  it('are one invitation: invited in one, the other is already invited', async () => {
    const s = await server()
    const owner = await signUp(s)
    await verifyEmail(s, owner)
    const project = await newProject(s, owner.accessToken)
    const invite = (email: string) => s.request('POST', `/api/manage/dapp/${project.id}/members`, { token: owner.accessToken, body: { email, role: 'viewer' } })
    const first = await invite('bo@xn--bcher-kva.example')
    expect(first.status).toBe(201)
    expect(first.body.email).toBe('bo@bücher.example')
    expect(await invite('bo@bücher.example')).toMatchObject({ status: 409, body: { code: 'ALREADY_INVITED' } })
  })

  it('leaves a label that is not a valid international one to the checks, which refuse it as before', async () => {
    const s = await server()
    const token = await deviceToken(s)
    // xn--1ug decodes to a zero-width joiner alone, which no domain may hold.
    for (const email of ['zed@xn--1ug.example', 'zed@xn--.example']) {
      const res = await s.request('POST', '/api/register', { token, body: { name: 'Zed', email, password: 'correct horse battery' } })
      expect(res, email).toMatchObject({ status: 400, body: { code: 'EMAIL_INVALID' } })
    }
  })
})
