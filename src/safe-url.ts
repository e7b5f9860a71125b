/**
 * Attribute values come from the host page: only http(s) and same-page
 * relative addresses become links, never `javascript:` or `data:`.
 */
export function safeUrl(value: string | undefined | null): string | undefined {
  if (!value || !value.trim()) return undefined
  try {
    const url = new URL(value.trim(), document.baseURI)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined
  } catch {
    return undefined
  }
}
