import { DeviceRegistration } from '../../../contract/requests'
import { ContractApp } from '../../openapi/contract-app'
import { readBody } from '../../http/body'
import { registerDeviceRoute } from './operations'
import { insertDevice, pruneOldDevices } from './devices'
import { issueToken, pruneExpiredTokens } from './tokens'
import { clientIp } from '../../http/client-ip'
import { throttle } from '../../http/throttle'
import { ipBucket } from '../../security/rate-limit'
import type { RouteDeps } from '../../http/route-deps'
import type { PruneJob } from '../../db/retention'

/** POST /device: an anonymous device gets the token that may call register and authenticate. */
export function deviceRoutes({ db, config, clock }: RouteDeps) {
  return new ContractApp().operation(registerDeviceRoute, async (c) => {
    // Anyone may call this and each call writes a row: bound it per client,
    // before the body is read (a flood of uploads costs us no parsing).
    const bucket = { key: ipBucket('device', clientIp(c, config.trustProxy)), limit: config.rateLimit.devicesPerIp }
    await throttle(db, [bucket], config.rateLimit.windowSeconds)
    // Every field is a string, most of them empty placeholders. The push token is
    // not kept: nothing here sends push notifications (see 001_initial.sql).
    const { deviceType, pushToken: _, ...info } = await readBody(c, DeviceRegistration)

    const deviceId = await insertDevice(db, deviceType, info, clock())
    const { token } = await issueToken(db, 'device', { deviceId }, config.deviceTokenTtlSeconds, clock())
    return c.json({ accessToken: token }, 201)
  })
}

/**
 * The session's part of the retention schedule (db/retention.ts): expired
 * tokens, and devices older than their token's lifetime (with their tokens).
 */
export const sessionRetention = ({ db, config }: RouteDeps): PruneJob[] => [
  { name: 'expired tokens', prune: (now) => pruneExpiredTokens(db, now) },
  { name: 'old devices', prune: (now) => pruneOldDevices(db, now, config.deviceTokenTtlSeconds) },
]
