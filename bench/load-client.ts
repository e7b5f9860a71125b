/**
 * The bench's load client, in a process of its own (started by load-run.ts):
 * autocannon run inside the bench's process shares that process's event loop
 * and core with everything else the bench does, and can become the limit of
 * what it measures. This process loads autocannon, says it is ready, then runs
 * each load it is sent, one at a time, and sends back autocannon's result.
 */
import autocannon from 'autocannon'
import type { Load } from './load-run'

function options({ paths, ...load }: Load): autocannon.Options {
  if (!paths?.length) return load
  let next = 0
  return { ...load, requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }] }
}

process.on('message', (load: Load) => {
  autocannon(options(load), (err, result) => process.send!(err ? { error: err.message } : { result }))
})
process.send!({ ready: true })
