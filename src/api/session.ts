/**
 * The session calls (server/resources/session/) a log-in needs, on the
 * first screen: each takes the caller of the element's api-base (`at(base)`),
 * and carries the device token or, to sign out, the access token itself.
 */
import { DEVICE_PAYLOAD } from './device'
import { parseAccessData, parseToken } from './parse'
import type { Call } from './request'
import type { AccessData, LogInInput, SignUpInput } from './types'

export async function registerDevice(call: Call): Promise<string> {
  return parseToken(await call({ method: 'POST', path: '/device', body: DEVICE_PAYLOAD }))
}

export async function register(call: Call, deviceToken: string, input: SignUpInput): Promise<AccessData> {
  const { name, email, password } = input
  return parseAccessData(await call({ method: 'POST', path: '/register', token: deviceToken, body: { name, email, password } }))
}

export async function authenticate(call: Call, deviceToken: string, input: LogInInput): Promise<AccessData> {
  const { email, password } = input
  return parseAccessData(await call({ method: 'POST', path: '/auth/authenticate', token: deviceToken, body: { email, password } }))
}

/** Revokes the access token on the server (sign-out). */
export async function logout(call: Call, token: string): Promise<void> {
  await call({ method: 'POST', path: '/auth/logout', token })
}
