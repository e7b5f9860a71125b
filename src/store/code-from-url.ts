import { DEFAULT_TIMEOUT_MS } from '../api/request'
import type { CodeSource } from './host-session'

/**
 * The `session-url` attribute as a code source: a POST with the host's own cookies, answered `{ code }`;
 * within the limit every API call has, or "Signing you in…" would stay for good on a host that never answers.
 */
export const codeFromUrl =
  (url: string): CodeSource =>
  async () => {
    const res = await fetch(url, {
      method: 'POST',
      credentials: 'include',
      cache: 'no-store',
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(DEFAULT_TIMEOUT_MS),
    })
    // Any throw fails the sign-in alike ("Try again"); nothing shows what was thrown.
    if (!res.ok) throw res
    return ((await res.json()) as { code?: unknown } | null)?.code
  }
