/** One host template for the reveal dialogs: a tab `label`, and a `template` with the snippet placeholders. */
export interface HostSnippet {
  label: string
  template: string
}

/**
 * The `snippets` property, checked like any input: entries that are not
 * `{ label, template }` strings are skipped, and input that throws when read
 * (a hostile getter or proxy) gives what was read so far, never an error.
 */
export function readSnippets(x: unknown): HostSnippet[] {
  const out: HostSnippet[] = []
  try {
    if (Array.isArray(x))
      for (const s of x.slice(0, 20)) {
        const label: unknown = s?.label
        const template: unknown = s?.template
        if (typeof label === 'string' && label.trim() && typeof template === 'string')
          out.push({ label: label.trim().slice(0, 60), template: template.slice(0, 20000) })
      }
  } catch {
    /* unreadable: what was read so far */
  }
  return out
}
