/**
 * One producer of the request-log ingestion bench, in a process of its own:
 * POSTs its share of entries to /api/logs in batches of 1,000, one batch at a
 * time on a kept-alive connection, as a provider's reporter would; says
 * `{ ready: true }`, then on `{ go: true }` sends everything and answers with
 * the entries the server accepted.
 */
import { benchEntry } from './request-log-rows'

const { LOG_URL, LOG_TOKEN, LOG_KEYS, LOG_FROM, LOG_COUNT, LOG_START, LOG_RUN } = process.env as Record<string, string>
const keys = LOG_KEYS.split(',')
const from = Number(LOG_FROM)
const count = Number(LOG_COUNT)
const BATCH = 1000

const bodies: string[] = []
for (let i = from; i < from + count; i += BATCH) {
  const entries = Array.from({ length: Math.min(BATCH, from + count - i) }, (_, j) => benchEntry(i + j, keys, Number(LOG_START), LOG_RUN))
  bodies.push(JSON.stringify({ entries }))
}

process.send!({ ready: true })
process.once('message', async () => {
  try {
    let accepted = 0
    for (const body of bodies) {
      const res = await fetch(`${LOG_URL}/api/logs`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${LOG_TOKEN}`, 'Content-Type': 'application/json' },
        body,
      })
      if (res.status !== 202) throw new Error(`POST /api/logs: ${res.status} ${await res.text()}`)
      accepted += ((await res.json()) as { accepted: number }).accepted
    }
    process.send!({ accepted })
  } catch (err) {
    process.send!({ error: err instanceof Error ? err.message : String(err) })
  }
})
