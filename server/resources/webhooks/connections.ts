import http from 'node:http'
import https from 'node:https'

/**
 * The connections deliveries keep between attempts, shared by every project's
 * endpoints. Idle ones are kept a while for the next delivery, not for as long
 * as a receiver keeps them open: a receiver that never closes one, at a new
 * origin each time, would otherwise hold the server's sockets (and file
 * descriptors) for good. 30 s idle ends one; at most 1,024 are open in all.
 */
const MAX_OPEN = 1024
const agentOptions = { keepAlive: true, maxSockets: 64, maxTotalSockets: MAX_OPEN, timeout: 30_000 }
export const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) }

const count = (lists: NodeJS.ReadOnlyDict<unknown[]>) => Object.values(lists).reduce((n, list) => n + (list?.length ?? 0), 0)

/**
 * Makes room for a connection to `target`'s origin when all the agent may
 * open are open. Node's agent would queue the request until one closes, and
 * an idle one closes only after its 30 s: once 1,024 origins had one idle
 * (a server with that many endpoints, or one tenant's many addresses), every
 * delivery to another origin failed unanswered at its time limit, never sent.
 * An idle connection is closed for it instead, of the origin that has had one
 * longest (the agent then opens this request's).
 */
export function makeRoom(agent: http.Agent, target: URL): void {
  const port = Number(target.port) || (target.protocol === 'https:' ? 443 : 80)
  if (agent.freeSockets[agent.getName({ host: target.hostname.replace(/^\[|\]$/g, ''), port })]?.length) return
  if (count(agent.sockets) + count(agent.freeSockets) < MAX_OPEN) return
  Object.values(agent.freeSockets)
    .find((idle) => idle && idle.length > 0)?.[0]
    .destroy()
}
