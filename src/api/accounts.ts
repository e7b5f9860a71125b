/**
 * The account calls (server/resources/accounts/: password reset, e-mail
 * verification, the profile): beyond the spec, offered when the server names 'accounts' in its
 * capabilities. Imported only by the screens that use them, which are chunks.
 */
import type { CodeSent, PasswordChangeInput, PasswordResetInput, Profile } from '../../contract/accounts'
import { ownError } from './errors'
import { parseAccessData } from './parse'
import type { Call, ManageCall } from './request'
import type { AccessData } from './types'

export type { Profile } from '../../contract/accounts'

function parseProfile(x: unknown): Profile {
  const p = x as Partial<Profile> | null
  if (!p || typeof p !== 'object' || typeof p.id !== 'string' || typeof p.email !== 'string' || typeof p.emailVerified !== 'boolean') {
    throw ownError('parse', 'error.unreadable.profile')
  }
  return { ...p, name: typeof p.name === 'string' ? p.name : '', projects: Number(p.projects) || 0, keys: Number(p.keys) || 0 } as Profile
}

// The reset takes the first screens' caller (`at(base)`) and the device token; the others, the session's caller.

/** Resolves with how long the mailed code works, in whole minutes, when the server said it. */
export async function forgotPassword(call: Call, deviceToken: string, email: string): Promise<number | undefined> {
  const sent = await call<Partial<CodeSent> | null>({ method: 'POST', path: '/auth/password/forgot', token: deviceToken, body: { email } })
  const minutes = sent?.codeMinutes
  return Number.isSafeInteger(minutes) && minutes! > 0 ? minutes : undefined
}

export async function resetPassword(call: Call, deviceToken: string, body: PasswordResetInput): Promise<AccessData> {
  return parseAccessData(await call({ method: 'POST', path: '/auth/password/reset', token: deviceToken, body }))
}

export async function getProfile(call: ManageCall, signal?: AbortSignal): Promise<Profile> {
  return parseProfile(await call({ method: 'GET', path: '/me', signal }))
}

export async function renameAccount(call: ManageCall, name: string): Promise<Profile> {
  return parseProfile(await call({ method: 'PATCH', path: '/me', body: { name } }))
}

/** Resolves with the server's word on what happens next, when it sent one. */
export async function sendVerification(call: ManageCall): Promise<string | undefined> {
  const body = await call<{ message?: unknown } | null>({ method: 'POST', path: '/auth/email/verify/send' })
  return typeof body?.message === 'string' ? body.message : undefined
}

export async function verifyEmail(call: ManageCall, code: string): Promise<void> {
  await call({ method: 'POST', path: '/auth/email/verify', body: { code } })
}

export async function changePassword(call: ManageCall, body: PasswordChangeInput): Promise<void> {
  await call({ method: 'POST', path: '/me/password', body })
}

export async function logoutEverywhere(call: ManageCall): Promise<void> {
  await call({ method: 'POST', path: '/auth/logout-all' })
}

export async function deleteAccount(call: ManageCall, password: string): Promise<void> {
  await call({ method: 'DELETE', path: '/me', body: { password } })
}
