import { Hono } from 'hono'
import { insertDevice, pruneOldDevices } from '../data/devices'
import { issueToken, pruneExpiredTokens } from '../data/tokens'
import { clientIp } from '../http/client-ip'
import { throttle } from '../http/throttle'
import { readJsonObject, text } from '../http/validate'
import { ipBucket, pruneRateLimits } from '../security/rate-limit'
import type { RouteDeps } from './context'

// Every field is a string, most of them empty placeholders.
const OPTIONAL_FIELDS = ['pushToken', 'timeZone', 'appVersion', 'osVersion', 'userId', 'deviceModel', 'country', 'language'] as const

/** POST /device: an anonymous device gets the token that may call register and authenticate. */
export function deviceRoutes({ db, config }: RouteDeps) {
  return new Hono().post('/device', async (c) => {
    // Anyone may call this and each call writes a row: bound it per client,
    // before the body is read (a flood of uploads costs us no parsing).
    const bucket = { key: ipBucket('device', clientIp(c, config.trustProxy)), limit: config.rateLimit.devicesPerIp }
    await throttle(db, [bucket], config.rateLimit.windowSeconds)
    const body = await readJsonObject(c)
    const info: Record<string, string> = {
      deviceUDID: text(body, 'deviceUDID', { label: 'deviceUDID', required: true, max: 200 }),
    }
    const deviceType = text(body, 'deviceType', { label: 'deviceType', required: true, max: 32 })
    for (const field of OPTIONAL_FIELDS) info[field] = text(body, field, { label: field, max: 200 })
    // Not kept: nothing here sends push notifications (see 001_initial.sql).
    delete info.pushToken

    const deviceId = await insertDevice(db, deviceType, info)
    const { token } = await issueToken(db, 'device', { deviceId }, config.deviceTokenTtlSeconds)
    // Housekeeping rides on the call every visit makes, so no timer (and no
    // in-memory state) is needed, and it works the same with many instances.
    await pruneExpiredTokens(db)
    await pruneOldDevices(db, config.deviceTokenTtlSeconds)
    await pruneRateLimits(db)
    return c.json({ accessToken: token }, 201)
  })
}
