import { bad, isObject, text } from './parse'
import { isRole } from './roles'
import type { KeyInfo, KeyMap, Project, ProjectSummary } from './types'

// The project calls' answers (a chunk of their own: no log-in needs them), checked like every answer (parse.ts).

export function parseKeyMap(x: unknown): KeyMap {
  if (!isObject(x)) throw bad('error.unreadable.keys')
  const out: KeyMap = {}
  for (const [id, key] of Object.entries(x)) if (typeof key === 'string') out[id] = key
  return out
}

export function parseSummary(x: unknown): ProjectSummary {
  if (!isObject(x) || !text(x.id)) throw bad('error.unreadable.project')
  return {
    id: text(x.id),
    name: text(x.name),
    description: text(x.description),
    createDate: text(x.createDate),
    status: text(x.status),
    ...(isRole(x.role) && { role: x.role }),
  }
}

export function parseProject(x: unknown): Project {
  const project: Project = { ...parseSummary(x), apiKey: isObject(x) && x.apiKey != null ? parseKeyMap(x.apiKey) : {} }
  if (isObject(x) && typeof x.webhookSecret === 'string') project.webhookSecret = x.webhookSecret
  if (isObject(x) && Array.isArray(x.keys)) project.keys = x.keys.filter((k) => isObject(k) && text(k.id)).map(parseKeyInfo)
  // JSON reads 1e999 as Infinity: a limit that is no positive whole number is none, never one that no count reaches or every count does.
  if (isObject(x) && Number.isSafeInteger(x.keyLimit) && (x.keyLimit as number) > 0) project.keyLimit = x.keyLimit as number
  return project
}

// Restrictions (servers with key restrictions) only when sent: without them a key is live, with every scope, from anywhere.
const strings = (x: unknown) => (Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string') : undefined)

const parseKeyInfo = (k: Record<string, unknown>): KeyInfo => ({
  scopes: strings(k.scopes),
  allowedIps: strings(k.allowedIps),
  mode: k.mode === 'test' ? 'test' : undefined,
  id: text(k.id),
  name: text(k.name),
  maskedKey: text(k.maskedKey),
  createdAt: text(k.createdAt),
  lastUsedAt: text(k.lastUsedAt) || null,
  expiresAt: text(k.expiresAt) || null,
  rolledAt: text(k.rolledAt) || null,
  replacedBy: text(k.replacedBy) || null,
})

export function parseProjectList(x: unknown): ProjectSummary[] {
  if (!Array.isArray(x)) throw bad('error.unreadable.projects')
  return x.map(parseSummary)
}
