import { KEY_MODE_INVALID, KEY_MODES, type KeyMode } from '../../../contract/constants'
import type { Usage } from '../../../contract/responses'
import type { AuthEnv } from '../../http/auth'
import { badRequest, HttpError } from '../../http/errors'
import type { RouteDeps } from '../../http/route-deps'
import { ContractApp } from '../../openapi/contract-app'
import { withRoles } from '../../openapi/roles'
import { authorize } from '../../security/authorization'
import { listKeys } from '../api-keys'
import { DEFAULT_DAYS, MAX_DAYS, usageRoute } from './operations'
import { readUsage } from './data'

const DAY_MS = 86_400_000
export const DAYS_INVALID = `days must be a whole number from 1 to ${MAX_DAYS}.`

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

function parseDays(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_DAYS
  if (!/^\d{1,2}$/.test(raw)) throw badRequest(DAYS_INVALID)
  const n = Number(raw)
  if (n < 1 || n > MAX_DAYS) throw badRequest(DAYS_INVALID)
  return n
}

export const modeQueryInvalid = (raw: string) => `mode must be live or test, not ${JSON.stringify(raw.slice(0, 40))}.`

/** `mode`: live or test keys only; left out, every key. */
function parseMode(raw: string | undefined): KeyMode | undefined {
  if (raw === undefined) return undefined
  if (!KEY_MODES.includes(raw as KeyMode)) throw new HttpError(400, modeQueryInvalid(raw), {}, KEY_MODE_INVALID)
  return raw as KeyMode
}

/** GET /manage/dapp/{id}/usage, behind the access-token guard on /manage; any member. */
export function usageRoutes({ db, clock }: RouteDeps) {
  return new ContractApp<AuthEnv>().operation(withRoles('usage.read', usageRoute), async (c) => {
    const count = parseDays(c.req.query('days'))
    const mode = parseMode(c.req.query('mode'))
    const projectId = c.req.param('id')
    await authorize(db, c.var.userId, projectId, 'usage.read')
    const now = clock()
    const todayStart = now - (now % DAY_MS)
    const days = Array.from({ length: count }, (_, i) => dayOf(todayStart - (count - 1 - i) * DAY_MS))
    const [all, counts] = await Promise.all([listKeys(db, projectId), readUsage(db, projectId, days[0], days[count - 1], mode)])
    // A key from before migration 023 has no mode in an older server's list: live.
    const keys = mode ? all.filter((k) => (k.mode ?? 'live') === mode) : all
    const index = new Map(days.map((d, i) => [d, i]))
    const byKey = new Map<string, Usage['keys'][number]>()
    const row = (keyId: string, name: string) => {
      const r = { keyId, name, valid: new Array<number>(count).fill(0), invalid: new Array<number>(count).fill(0) }
      byKey.set(keyId, r)
      return r
    }
    for (const k of keys) row(k.id, k.name)
    // Oldest first, so a deleted key ends with the name it was last used under.
    for (const u of counts) {
      const r = byKey.get(u.keyId) ?? row(u.keyId, u.name)
      const i = index.get(u.day)!
      r.valid[i] += u.valid
      r.invalid[i] += u.expired
    }
    const body: Usage = { days, keys: [...byKey.values()] }
    return c.json(body)
  })
}
