/**
 * The account calls (password reset, e-mail verification, the profile):
 * beyond the spec, offered when the server names 'accounts' in its
 * capabilities. Imported only by the screens that use them, which are chunks.
 */
import type { Profile } from '../../contract/accounts'
import { ownError } from './errors'
import { parseAccessData } from './parse'
import { request } from './request'
import type { AccessData } from './types'

export type { Profile } from '../../contract/accounts'

function parseProfile(x: unknown): Profile {
  const p = x as Partial<Profile> | null
  if (!p || typeof p !== 'object' || typeof p.id !== 'string' || typeof p.email !== 'string' || typeof p.emailVerified !== 'boolean') {
    throw ownError('parse', 'unreadable.profile')
  }
  return { ...p, name: typeof p.name === 'string' ? p.name : '', projects: Number(p.projects) || 0, keys: Number(p.keys) || 0 } as Profile
}

export async function forgotPassword(base: string, deviceToken: string, email: string): Promise<void> {
  await request({ base, method: 'POST', path: '/auth/password/forgot', token: deviceToken, body: { email } })
}

export async function resetPassword(base: string, deviceToken: string, body: { email: string; code: string; password: string }): Promise<AccessData> {
  return parseAccessData(await request({ base, method: 'POST', path: '/auth/password/reset', token: deviceToken, body }))
}

export async function getProfile(base: string, token: string, signal?: AbortSignal): Promise<Profile> {
  return parseProfile(await request({ base, method: 'GET', path: '/me', token, signal }))
}

export async function renameAccount(base: string, token: string, name: string): Promise<Profile> {
  return parseProfile(await request({ base, method: 'PATCH', path: '/me', token, body: { name } }))
}

/** Resolves with the server's word on what happens next, when it sent one. */
export async function sendVerification(base: string, token: string): Promise<string | undefined> {
  const body = await request<{ message?: unknown }>({ base, method: 'POST', path: '/auth/email/verify/send', token })
  return typeof body?.message === 'string' ? body.message : undefined
}

export async function verifyEmail(base: string, token: string, code: string): Promise<void> {
  await request({ base, method: 'POST', path: '/auth/email/verify', token, body: { code } })
}

export async function changePassword(base: string, token: string, body: { currentPassword: string; newPassword: string }): Promise<void> {
  await request({ base, method: 'POST', path: '/me/password', token, body })
}

export async function logoutEverywhere(base: string, token: string): Promise<void> {
  await request({ base, method: 'POST', path: '/auth/logout-all', token })
}

export async function deleteAccount(base: string, token: string, password: string): Promise<void> {
  await request({ base, method: 'DELETE', path: '/me', token, body: { password } })
}
