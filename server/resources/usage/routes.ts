import { USAGE_DAYS_DEFAULT, UsageQuery } from '../../../contract/queries'
import type { Usage } from '../../../contract/responses'
import type { AuthEnv } from '../../http/auth'
import type { RouteDeps } from '../../http/route-deps'
import { ContractApp } from '../../openapi/contract-app'
import { withRoles } from '../../openapi/roles'
import { authorize } from '../../security/authorization'
import { listKeys } from '../api-keys'
import { readQuery } from '../../http/query'
import { usageRoute } from './operations'
import { readUsage } from './data'

const DAY_MS = 86_400_000
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** GET /manage/dapp/{id}/usage, behind the access-token guard on /manage; any member. */
export function usageRoutes({ db, clock }: RouteDeps) {
  return new ContractApp<AuthEnv>().operation(withRoles('usage.read', usageRoute), async (c) => {
    const { days: count = USAGE_DAYS_DEFAULT, mode } = readQuery(c, UsageQuery)
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
