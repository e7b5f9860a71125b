const PROBE_TIMEOUT_MS = 5000

/**
 * Whether an API that gave no answer is up but refuses this page's origin:
 * a CORS request for its capabilities fails, yet a no-cors one gets an opaque
 * answer, which only a running server gives; a server that is down answers
 * neither. Asked only after a call failed (src/unreachable.ts, a chunk).
 */
export async function refusesOrigin(base: string): Promise<boolean> {
  const probe = (mode: RequestMode) =>
    fetch(base + '/capabilities', { mode, credentials: 'omit', cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }).then(
      (r) => r.type,
      () => 'none',
    )
  return (await probe('cors')) === 'none' && (await probe('no-cors')) === 'opaque'
}
