import type { Database } from './index'

export interface ChangeListener {
  /** True while the LISTEN is in place and not stopped: only then may a cache keep what it reads. */
  readonly listening: boolean
  /** Settles once the LISTEN is in place, or has failed (then `listening` stays false). */
  readonly ready: Promise<void>
  /** Ends the LISTEN (the app is closing); `forgetAll` runs and nothing is kept from then on. */
  stop(): Promise<void>
}

/**
 * The LISTEN an in-memory cache of rows rests on (keys, tokens, project
 * lists): `onChange` with each NOTIFY's payload; `forgetAll` whenever
 * messages may have been missed (the connection dropped or came back) and on
 * stop. Until the LISTEN is in place, while it is down, and once stopped,
 * `listening` is false, so nothing is cached that a change could not withdraw.
 */
export function listenForChanges(
  db: Database,
  channel: string,
  onChange: (payload: string) => void,
  forgetAll: () => void,
  onFail: (err: unknown) => void = () => undefined,
): ChangeListener {
  let listening = false
  let stopped = false
  const listen = db.listen(channel, onChange, (ok) => {
    forgetAll()
    listening = ok && !stopped
  })
  const ready = listen.then(
    () => void (listening = !stopped),
    (err: unknown) => onFail(err),
  )
  return {
    get listening() {
      return listening
    },
    ready,
    async stop() {
      stopped = true
      listening = false
      forgetAll()
      const unlisten = await listen.catch(() => undefined)
      await unlisten?.().catch(() => undefined)
    },
  }
}
