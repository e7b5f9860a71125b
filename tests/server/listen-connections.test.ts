/**
 * An app's in-memory caches (keys, tokens, project lists) and its webhook
 * worker listen on one connection to PostgreSQL between them; closing the app
 * ends it. Many apps on one database server (the test suite, or a process
 * that makes apps) must not leave it open. When it drops, every listener is
 * told, and hears again once it is back. One refused as it is first made is
 * made again, and a close during its making is no failure.
 */
import { connect, createServer, type Server, type Socket } from 'node:net'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { pgListener } from '../../server/db/pg-listen'
import { createTestServer, newProject, signUp, usePostgres } from './harness'

/** Starts `server` on a free local port; `databaseUrl` with that port in place of the database's own. */
async function listenedUrl(server: Server, databaseUrl: string): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = new URL(databaseUrl)
  url.hostname = '127.0.0.1'
  url.port = String((server.address() as { port: number }).port)
  return url.href
}

/**
 * A TCP path to the database that can go silent: blackhole() stops carrying what its connections send,
 * either way, and closes none of them, as a NAT that forgot them does. Connections made after still pass.
 */
async function silenceablePath(databaseUrl: string) {
  const target = new URL(databaseUrl)
  const pairs: Array<[Socket, Socket]> = []
  const sockets: Socket[] = []
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname)
    client.pipe(upstream).pipe(client)
    client.on('error', () => undefined)
    upstream.on('error', () => undefined)
    pairs.push([client, upstream])
    sockets.push(client, upstream)
  })
  return {
    url: await listenedUrl(server, databaseUrl),
    blackhole() {
      for (const [client, upstream] of pairs.splice(0)) {
        client.unpipe(upstream)
        upstream.unpipe(client)
        client.pause()
        upstream.pause()
      }
    },
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise((resolve) => server.close(resolve))
    },
  }
}

/** A TCP path to the database that refuses (closes at once) its first `refusals` connections, and carries the rest. */
async function refusingPath(databaseUrl: string, refusals: number) {
  const target = new URL(databaseUrl)
  const sockets: Socket[] = []
  let refused = 0
  const server = createServer((client) => {
    sockets.push(client)
    client.on('error', () => undefined)
    if (refused < refusals) {
      refused++
      return client.destroy()
    }
    const upstream = connect(Number(target.port || 5432), target.hostname)
    upstream.on('error', () => undefined)
    sockets.push(upstream)
    client.pipe(upstream).pipe(client)
  })
  return {
    url: await listenedUrl(server, databaseUrl),
    refused: () => refused,
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise((resolve) => server.close(resolve))
    },
  }
}

describe.runIf(usePostgres)('the LISTEN connection of an app on PostgreSQL', () => {
  it('refused once as it is first made, is made again: the listen resolves and NOTIFYs are heard', async () => {
    const path = await refusingPath(process.env.DATABASE_URL!, 1)
    const listener = pgListener(path.url)
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await admin.connect()
    try {
      const channel = `test_refused_${process.pid}`
      const heard: string[] = []
      await listener.listen(channel, (payload) => heard.push(payload))
      expect(path.refused()).toBe(1)
      await admin.query(`SELECT pg_notify($1, 'heard')`, [channel])
      await expect.poll(() => heard).toEqual(['heard'])
    } finally {
      await listener.close()
      await admin.end()
      await path.close()
    }
  })

  it('closed while its connection is being made, resolves its listens with nothing to stop, not an error to log', async () => {
    const listener = pgListener(process.env.DATABASE_URL!)
    const listening = listener.listen(`test_closed_${process.pid}`, () => undefined)
    await listener.close()
    const stop = await listening
    await stop()
  })

  it('is one for all its channels, and closing the app ends it', async () => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await admin.connect()
    let database = ''
    // Connections of this test's own database only: other files run beside it on the same server.
    const listening = async () => {
      const { rows } = await admin.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE query ILIKE 'LISTEN%' AND datname = $1", [
        database,
      ])
      return rows[0].n
    }
    try {
      const s = await createTestServer({ ownStorage: true })
      database = new URL(s.storage.databaseUrl!).pathname.slice(1)
      const before = 0
      const user = await signUp(s) // a token looked up, and the project list read below
      await newProject(s, user.accessToken)
      expect((await s.request('GET', '/api/manage/dapp/owner', { token: user.accessToken })).status).toBe(200)
      await expect.poll(listening).toBe(1)
      await s.close()
      await expect.poll(listening).toBe(before)
    } finally {
      await admin.end()
    }
  })

  it('when it drops, tells every listener, listens again on every channel, tells them it is back, and they hear again', async () => {
    const s = await createTestServer({ ownStorage: true })
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await admin.connect()
    try {
      const database = new URL(s.storage.databaseUrl!).pathname.slice(1)
      const heard: string[] = []
      const told: string[] = []
      const stops = await Promise.all(
        ['one', 'two'].map((name) =>
          s.db.listen(
            `test_${name}`,
            (payload) => heard.push(`${name} ${payload}`),
            (listening) => told.push(`${name} ${listening}`),
          ),
        ),
      )
      const ended = await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query ILIKE 'LISTEN%' AND datname = $1", [database])
      expect(ended.rowCount).toBe(1)
      await expect.poll(() => told, { timeout: 10_000 }).toEqual(['one false', 'two false', 'one true', 'two true'])
      await s.db.notify('test_one', 'a')
      await s.db.notify('test_two', 'b')
      await expect.poll(() => heard.toSorted()).toEqual(['one a', 'two b'])
      await Promise.all(stops.map((stop) => stop()))
    } finally {
      await admin.end()
      await s.close()
    }
  })

  it('that goes silent with no error (a NAT forgot it) is found out by its heartbeat, and replaced: NOTIFYs are heard again', async () => {
    const path = await silenceablePath(process.env.DATABASE_URL!)
    // A beat a second: one unanswered for that long is a lost connection, which a busy 2-core machine's PostgreSQL
    // never is (at 200 ms, a slow answer was taken for one, and the connection replaced twice).
    const listener = pgListener(path.url, { heartbeatMs: 1000 })
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await admin.connect()
    try {
      const channel = `test_silent_${process.pid}`
      const heard: string[] = []
      const told: boolean[] = []
      await listener.listen(
        channel,
        (payload) => heard.push(payload),
        (listening) => told.push(listening),
      )
      path.blackhole()
      await admin.query(`SELECT pg_notify($1, 'lost')`, [channel])
      await expect.poll(() => told, { timeout: 10_000 }).toEqual([false, true])
      await admin.query(`SELECT pg_notify($1, 'heard')`, [channel])
      await expect.poll(() => heard).toEqual(['heard'])
    } finally {
      await listener.close()
      await admin.end()
      await path.close()
    }
  })
})
