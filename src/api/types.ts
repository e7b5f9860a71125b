/** The sign-up / log-in response body, stored as-is. Only accessToken is read. */
export interface AccessData {
  accessToken: string
  [field: string]: unknown
}

export interface ProjectSummary {
  id: string
  name: string
  description: string
  createDate: string
  status: string
}

/** A map from API project ID to API key (masked, except in create responses). */
export type KeyMap = Record<string, string>

/** A key as the server lists it (only servers that list key metadata): never the key itself. */
export interface KeyInfo {
  id: string
  name: string
  maskedKey: string
  createdAt: string
  lastUsedAt: string | null
  expiresAt: string | null
}

export interface Project extends ProjectSummary {
  apiKey: KeyMap
  /** Absent from a server without key metadata: the key table and its actions then hide. */
  keys?: KeyInfo[]
  keyLimit?: number
  /** Present only in the create response. */
  webhookSecret?: string
}

export interface SignUpInput {
  name: string
  email: string
  password: string
}

export interface LogInInput {
  email: string
  password: string
}

export interface NewProjectInput {
  name: string
  description: string
}
