/**
 * Direct API calls from the test process, for setting the stage only (an
 * account to log in with); everything under test goes through the browser.
 */
import { randomUUID } from 'node:crypto'

export const PASSWORD = 'correct horse battery staple'

/** A fresh address per test, so tests never depend on each other's accounts. */
export const freshEmail = () => `user-${randomUUID()}@example.com`

async function post(origin: string, path: string, body: unknown, token?: string): Promise<unknown> {
  const res = await fetch(`${origin}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  const data = (await res.json()) as unknown
  if (!res.ok) throw new Error(`POST /api${path} answered ${res.status}: ${(data as { message?: string }).message}`)
  return data
}

/** Any call with a bearer `token` (an account's access token, or a service token), its JSON answer; a refusal throws. */
export async function callApi<T>(origin: string, method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${origin}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}`)
  return (await res.json()) as T
}

export interface Account {
  name: string
  email: string
  password: string
  accessToken: string
}

export async function createAccount(origin: string, name = 'Ada Lovelace'): Promise<Account> {
  const email = freshEmail()
  const device = (await post(origin, '/device', { deviceUDID: 'e2e-setup', deviceType: 'WEB' })) as { accessToken: string }
  const session = (await post(origin, '/register', { name, email, password: PASSWORD }, device.accessToken)) as { accessToken: string }
  return { name, email, password: PASSWORD, accessToken: session.accessToken }
}

/** Verifies `account`'s address with the code its sign-up mail carried: only a verified address may invite. */
export async function verifyAccount(origin: string, account: Account, code: string): Promise<void> {
  await post(origin, '/auth/email/verify', { code }, account.accessToken)
}

export async function createProjectFor(origin: string, account: Account, name: string, description = ''): Promise<{ id: string }> {
  return (await post(origin, '/manage/dapp', { name, description: description || undefined }, account.accessToken)) as { id: string }
}
