import pg from 'pg'

type OnMessage = (payload: string) => void
type OnReset = (listening: boolean) => void

/** How long a connection to PostgreSQL may take to be made, and the server to answer it (the pool's too). */
export const CONNECT_TIMEOUT_MS = 10_000
/** How long the listening connection waits before it is made again after a failure. */
const RETRY_MS = 1000
/** The tries a listen makes before its caller is told it cannot LISTEN. */
const LISTEN_ATTEMPTS = 5

/**
 * The LISTEN side of a PostgreSQL Database: one connection of its own (a
 * pooled one would go back to the pool and stop hearing), which every
 * channel of the instance shares, opened by the first listen and ended when
 * the last one stops. An instance's caches and its webhook worker thus hold
 * one connection between them, not one each. When it drops, every listener
 * is told (messages may have been missed); it reconnects after a second,
 * listens again on every channel, and tells them once it is back.
 *
 * A connection can also die with no word: a NAT or load balancer between
 * here and the database forgets an idle one (AWS's after 350 s) and drops
 * what follows, so no error ever comes, every NOTIFY is lost, and the caches
 * would keep a revoked key for good. So the connection is asked `SELECT 1`
 * every `heartbeatMs` (the traffic also keeps it from counting as idle); no
 * answer by the next beat counts as a drop.
 */
export function pgListener(connectionString: string, { heartbeatMs = 30_000, connectTimeoutMs = CONNECT_TIMEOUT_MS } = {}) {
  const listeners = new Set<{ channel: string; onMessage: OnMessage; onReset?: OnReset }>()
  let connecting: Promise<pg.Client> | undefined
  let client: pg.Client | undefined
  /** The channels LISTENed on the current connection, each once done. */
  const listened = new Map<string, Promise<unknown>>()
  let retry: NodeJS.Timeout | undefined

  const connection = (): Promise<pg.Client> => {
    connecting ??= connected(new pg.Client({ connectionString, connectionTimeoutMillis: connectTimeoutMs }), dispatch, dropped, heartbeatMs).then(
      (c) => (client = c),
      (err) => {
        connecting = undefined
        throw err
      },
    )
    return connecting
  }

  const dispatch = (n: pg.Notification) => {
    for (const l of listeners) if (l.channel === n.channel) l.onMessage(n.payload ?? '')
  }

  const listenOn = (c: pg.Client, channel: string): Promise<unknown> => {
    let done = listened.get(channel)
    if (!done) {
      const asked = (done = inTurn(c, () => c.query(`LISTEN ${pg.escapeIdentifier(channel)}`)))
      listened.set(channel, asked)
      // A LISTEN that failed is asked again by the next listen on its channel.
      asked.catch(() => listened.get(channel) === asked && listened.delete(channel))
    }
    return done
  }

  const forget = () => {
    const c = client
    connecting = client = undefined
    listened.clear()
    return c
  }

  const retryLater = () => {
    if (listeners.size > 0) (retry = setTimeout(reconnect, RETRY_MS)).unref()
  }

  function dropped(c: pg.Client) {
    if (client !== c) return
    forget()
    void c.end().catch(() => undefined)
    for (const l of listeners) l.onReset?.(false)
    retryLater()
  }

  function reconnect() {
    if (listeners.size === 0) return
    const back = async () => {
      const c = await connection()
      await Promise.all([...new Set([...listeners].map((l) => l.channel))].map((channel) => listenOn(c, channel)))
    }
    back().then(
      () => {
        for (const l of listeners) l.onReset?.(true)
      },
      () => void end().then(retryLater),
    )
  }

  /** Database.listen: resolves once the channel is listened to (untilListened), with the function that stops this listener. */
  async function listen(channel: string, onMessage: OnMessage, onReset?: OnReset): Promise<() => Promise<void>> {
    const listener = { channel, onMessage, onReset }
    listeners.add(listener)
    const stop = async () => {
      if (!listeners.delete(listener) || listeners.size > 0) return
      await end()
    }
    const attempt = async () => listenOn(await connection(), channel)
    await untilListened(attempt, () => listeners.has(listener)).catch(async (err: unknown) => {
      await stop()
      throw err
    })
    return stop
  }

  /** Ends the connection (the last listener has stopped, or the Database closes). */
  async function end() {
    clearTimeout(retry)
    const c = client ?? (await connecting?.catch(() => undefined))
    forget()
    await c?.end().catch(() => undefined)
  }

  return {
    listen,
    async close() {
      listeners.clear()
      await end()
    },
  }
}

/**
 * Runs `attempt` until it succeeds, LISTEN_ATTEMPTS times at most, RETRY_MS apart: a listen whose connection was
 * refused once, or ended under it by the last listener's stop, is made again, where one failure left its caller
 * without a LISTEN for good. Once not `wanted` (the Database closed meanwhile) it resolves: the close ended it,
 * not a failure, and no caller is to log that it cannot LISTEN.
 */
async function untilListened(attempt: () => Promise<unknown>, wanted: () => boolean): Promise<void> {
  for (let n = 1; ; n++) {
    try {
      return void (await attempt())
    } catch (err) {
      if (!wanted()) return
      if (n >= LISTEN_ATTEMPTS) throw err
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS).unref())
    if (!wanted()) return
  }
}

/** Each connection's last statement sent. */
const lastSent = new WeakMap<pg.Client, Promise<unknown>>()

/**
 * Sends a statement on a connection once the one before it is done:
 * node-postgres deprecates a query sent while the client is still busy with
 * another, and warned so at every start, when the channels were listened to at once.
 */
function inTurn<T>(c: pg.Client, send: () => Promise<T>): Promise<T> {
  const next = (lastSent.get(c) ?? Promise.resolve()).then(send)
  const settled = next.catch(() => undefined)
  lastSent.set(c, settled)
  return next
}

/** A new connection, connected, that hands on its notifications and says when it drops, or stops answering. */
async function connected(c: pg.Client, onNotification: (n: pg.Notification) => void, onDrop: (c: pg.Client) => void, heartbeatMs: number) {
  let beat: NodeJS.Timeout | undefined
  const drop = () => {
    clearTimeout(beat)
    onDrop(c)
  }
  c.on('notification', onNotification)
  c.on('error', drop)
  c.on('end', () => clearTimeout(beat))
  await c.connect()
  const heartbeat = () => {
    let answered = false
    void inTurn(c, () => c.query('SELECT 1')).then(
      () => (answered = true),
      () => undefined,
    )
    beat = setTimeout(() => {
      if (answered) return heartbeat()
      // A connection that does not answer would not end either: its socket goes, unheard.
      ;(c as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy()
      drop()
    }, heartbeatMs).unref()
  }
  beat = setTimeout(heartbeat, heartbeatMs).unref()
  return c
}
