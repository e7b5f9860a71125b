import type { CodeSource } from './host-session'

/** The `session-url` attribute as a code source: a POST with the host's own cookies, answered `{ code }`. */
export const codeFromUrl =
  (url: string): CodeSource =>
  async () => {
    const res = await fetch(url, { method: 'POST', credentials: 'include', cache: 'no-store', headers: { Accept: 'application/json' } })
    if (!res.ok) throw new Error(`session-url ${res.status}`)
    return ((await res.json()) as { code?: unknown } | null)?.code
  }
