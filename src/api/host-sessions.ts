/** The widget's side of host sign-in (server/resources/host-sessions/), on the first screen. */
import { parseAccessData } from './parse'
import type { Call } from './request'
import type { AccessData } from './types'

/** Signs in with a single-use code from the host's backend; the code travels in the body only. */
export async function exchangeCode(call: Call, deviceToken: string, code: string): Promise<AccessData> {
  return parseAccessData(await call({ method: 'POST', path: '/auth/exchange', token: deviceToken, body: { code } }))
}
