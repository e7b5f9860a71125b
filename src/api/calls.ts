/**
 * The calls of the API contract a log-in needs, each under the element's
 * `api-base`; they carry the device token. The project calls are in
 * manage-calls.ts, out of the first screen.
 */
import { DEVICE_PAYLOAD } from './device'
import { parseAccessData, parseToken } from './parse'
import { request } from './request'
import type { AccessData, LogInInput, SignUpInput } from './types'

export async function registerDevice(base: string): Promise<string> {
  return parseToken(await request({ base, method: 'POST', path: '/device', body: DEVICE_PAYLOAD }))
}

export async function register(base: string, deviceToken: string, input: SignUpInput): Promise<AccessData> {
  const { name, email, password } = input
  return parseAccessData(await request({ base, method: 'POST', path: '/register', token: deviceToken, body: { name, email, password } }))
}

export async function authenticate(base: string, deviceToken: string, input: LogInInput): Promise<AccessData> {
  const { email, password } = input
  return parseAccessData(await request({ base, method: 'POST', path: '/auth/authenticate', token: deviceToken, body: { email, password } }))
}

/** Signs in with a single-use code from the host's backend (host sign-in). */
export async function exchangeCode(base: string, deviceToken: string, code: string): Promise<AccessData> {
  return parseAccessData(await request({ base, method: 'POST', path: '/auth/exchange', token: deviceToken, body: { code } }))
}

/** Revokes the access token on the server (sign-out). */
export async function logout(base: string, token: string): Promise<void> {
  await request({ base, method: 'POST', path: '/auth/logout', token })
}
