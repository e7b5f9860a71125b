/**
 * A portal in a fetch, for flex-portal/verify's tests: it verifies fxk_good, takes log batches as the server
 * reads them while up, and records every attempt.
 */
import type { Express } from 'express'
import type { AddressInfo } from 'node:net'
import { expect } from 'vitest'
import { LogBatch } from '../../contract/logs'
import { createVerifier, type RequestLogEntry, type RequestLogOptions, type Verification, type Verifier } from '../../verify/index'

export const VERIFY_URL = 'https://portal.example/api/keys/verify'
export const LOGS_URL = 'https://portal.example/api/logs'
export const VALID: Verification = { valid: true, keyId: 'apid_1', projectId: 'prj_1', name: 'Default key', expiresAt: null, mode: 'live', scopes: null }
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
export const auth = { Authorization: 'Bearer fxk_good' }
/** What a fetch was sent, parsed: a key check's text, or a log batch's UTF-8 bytes (the reporter's queue sends them as they are). */
export const sentJson = (init: RequestInit) =>
  JSON.parse(typeof init.body === 'string' ? init.body : new TextDecoder().decode(init.body as Uint8Array)) as Record<string, unknown>

/** A portal in a fetch: verifies fxk_good, takes log batches while `mode` is 'up', and records every attempt. */
export function fakePortal() {
  const state = {
    mode: 'up' as 'up' | 'down' | 'slow' | '500' | '401',
    batches: [] as RequestLogEntry[][],
    attempts: [] as RequestLogEntry[][],
    tokens: new Set<string>(),
  }
  const fn = (async (url: string, init: RequestInit) => {
    if (url === VERIFY_URL) return json(sentJson(init).key === 'fxk_good' ? VALID : { valid: false, code: 'NOT_FOUND' })
    expect(url).toBe(LOGS_URL)
    state.tokens.add(new Headers(init.headers).get('authorization')!)
    const entries = sentJson(init).entries as RequestLogEntry[]
    state.attempts.push(entries)
    if (state.mode === 'down') throw new TypeError('fetch failed')
    if (state.mode === 'slow')
      return new Promise<Response>((_, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason), { once: true }))
    if (state.mode === '500') return json({ message: 'Internal server error' }, 500)
    if (state.mode === '401') return json({ message: 'A service token is required.' }, 401)
    // As the server reads it (contract/logs.ts): one malformed entry refuses the batch.
    const read = LogBatch.safeParse({ entries })
    if (!read.success) return json({ message: read.error.issues[0].message, code: 'LOG_ENTRY_INVALID' }, 400)
    state.batches.push(entries)
    return json({ accepted: entries.length, dropped: 0 }, 202)
  }) as unknown as typeof fetch
  return Object.assign(state, {
    fn,
    verifier: (requestLogs?: RequestLogOptions) => createVerifier({ url: VERIFY_URL, serviceToken: 'svc', fetch: fn, requestLogs }),
    entries: () => state.batches.flat(),
  })
}

/**
 * Serves an Express app on a free port of this machine: its address, and what stops it (the verifier's reporter
 * first, then the server, its open connections cut, a stream a test left open included).
 */
export async function serveExpress(app: Express, verifier: Verifier): Promise<{ url: string; close: () => Promise<void> }> {
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await verifier.close()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
