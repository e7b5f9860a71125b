import { createServer, type AddressInfo, type Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { DEFAULTS } from '../../server/config'
import { databaseProblem } from '../../server/db/connect-problem'
import { openPostgres } from '../../server/db/postgres'
import { RESOURCES, featuresOf } from '../../server/resources'
import type { AppConfig } from '../../server/config'

const features = (config: AppConfig) => featuresOf(RESOURCES, config)

const URL_ = 'postgres://flex:s3cret@db.example.com:5432/flex'

describe('a DATABASE_URL the server cannot use', () => {
  it.each([
    [{ code: 'ECONNREFUSED' }, 'nothing answers at that host and port; is PostgreSQL running there?'],
    [{ code: 'ENOTFOUND' }, 'the host name cannot be resolved.'],
    [{ code: '28P01', message: 'password authentication failed for user "flex"' }, 'the server refused the user name or password in the URL.'],
    [{ code: '3D000', message: 'database "flex" does not exist' }, 'the database named in the URL does not exist; create it (createdb) or name another.'],
    [new Error('something else\n    at x'), 'something else.'],
  ])('says %j in one sentence naming the variable, its host and database, never the password', (err, reason) => {
    const said = databaseProblem(URL_, err)
    expect(said).toBe(`DATABASE_URL (db.example.com:5432/flex) cannot be used: ${reason}`)
    expect(said).not.toContain('s3cret')
  })

  it("names a missing password instead of node-postgres's SASL message", () => {
    const said = databaseProblem('postgres://flex@db.example.com/flex', new Error('SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be a string'))
    expect(said).toBe(
      'DATABASE_URL (db.example.com/flex) cannot be used: the server asks for a password and the URL has none; write it as postgres://user:password@host:5432/database.',
    )
  })
})

describe('a PostgreSQL that takes the connection and never answers (frozen, or a silent proxy)', () => {
  it('fails the start in one sentence, as a refused connection does, instead of waiting for good', async () => {
    const sockets: Socket[] = []
    const silent = createServer((socket) => void sockets.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const url = `postgres://flex:s3cret@127.0.0.1:${(silent.address() as AddressInfo).port}/flex`
    try {
      const opened = openPostgres(url, 1, 300)
      const err = await opened.then(
        () => new Error('it opened'),
        (e: unknown) => e,
      )
      expect(databaseProblem(url, err)).toMatch(/cannot be used: the server took the connection but did not answer in time; is it PostgreSQL, and running\?$/)
    } finally {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => silent.close(resolve))
    }
  })
})

describe.runIf(process.env.DATABASE_URL)('a connection time-out on a healthy PostgreSQL', () => {
  it('does not fail a query that waits for a busy pool: the limit is on making a connection', async () => {
    // 2 s to connect (with SCRAM, a busy machine's cluster has taken 50 ms), and a query that holds the pool's one
    // connection longer than that: the second query's wait is past the connection time-out.
    const db = await openPostgres(process.env.DATABASE_URL!, 1, 2000)
    try {
      const busy = db.query('SELECT pg_sleep(2.5)')
      await expect(db.query('SELECT 1 AS ok')).resolves.toEqual([{ ok: 1 }])
      await busy
    } finally {
      await db.close()
    }
  })
})

describe("the 'mail' feature", () => {
  it('is named when the server can send mail (SMTP or files), and not when mail is off', () => {
    expect(features({ ...DEFAULTS, mail: { ...DEFAULTS.mail, folder: '.data/mail' } })).toContain('mail')
    expect(features({ ...DEFAULTS, mail: { ...DEFAULTS.mail, smtpUrl: 'smtp://u:p@mail.example.com' } })).toContain('mail')
    expect(features({ ...DEFAULTS, mail: { ...DEFAULTS.mail, disabled: true } })).not.toContain('mail')
  })
})
