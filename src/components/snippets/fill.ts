import { DEFAULT_ENV_PREFIX } from '../../brand'

/**
 * Fills `{{projectId}}`, `{{apiProjectId}}`, `{{apiKey}}` and `{{env}}` (the three as .env lines) in the host's own
 * DOM. Only text nodes are edited (values are never parsed as HTML), so the
 * host's elements, classes and highlighting stay as they are.
 */
export interface SnippetValues {
  projectId: string
  apiProjectId: string
  apiKey: string
}

const PLACEHOLDER = /\{\{(projectId|apiProjectId|apiKey|env)\}\}/g

export const STAND_INS: SnippetValues = { projectId: 'YOUR_PROJECT_ID', apiProjectId: 'YOUR_API_PROJECT_ID', apiKey: 'YOUR_API_KEY' }

/** The .env lines of "Copy as .env" and `{{env}}`, named with the host's `env-prefix`. */
export const envLines = (prefix: string, { projectId, apiProjectId, apiKey }: SnippetValues, webhookSecret?: string): string =>
  `${prefix}_PROJECT_ID=${projectId}\n${prefix}_API_PROJECT_ID=${apiProjectId}\n${prefix}_API_KEY=${apiKey}\n${webhookSecret ? `${prefix}_WEBHOOK_SECRET=${webhookSecret}\n` : ''}`

const valueOf = (name: string, values: SnippetValues, prefix: string): string =>
  name == 'env' ? envLines(prefix, values).trimEnd() : values[name as keyof SnippetValues]

/** A template string filled in: for the reveal dialogs' host templates. */
export const fillText = (template: string, values: SnippetValues, prefix = DEFAULT_ENV_PREFIX): string =>
  template.replace(PLACEHOLDER, (_, name: string) => valueOf(name, values, prefix))

// Per text node we have edited: its template, and the text we last wrote. When
// the node no longer holds what we wrote, the host changed it: that is the new template.
const kept = new WeakMap<Text, [template: string, written: string]>()

/**
 * Fills every placeholder under `root`. A highlighter may split one across
 * several elements (`<span>{{</span><span>apiKey</span><span>}}</span>`), so
 * placeholders are matched over the text of all nodes joined; the value goes
 * into the node holding most of the placeholder (keeping that token's style)
 * and the rest of the placeholder is cut from the others. Always computed from
 * the kept templates, so it can run again with other values.
 */
export function fillPlaceholders(root: Node, values: SnippetValues, prefix = DEFAULT_ENV_PREFIX): void {
  const parts: { n: Text; template: string; start: number; edits: [number, number, string][] }[] = []
  let all = ''
  const walk = (node: Node) =>
    node.childNodes.forEach((n) => {
      if (n.nodeType != 3) return walk(n)
      const k = kept.get(n as Text)
      const template = k?.[1] == (n as Text).data ? k[0] : (n as Text).data
      parts.push({ n: n as Text, template, start: all.length, edits: [] })
      all += template
    })
  walk(root)
  for (const m of all.matchAll(PLACEHOLDER)) {
    let best: [number, number, string] | undefined
    for (const p of parts) {
      const a = Math.max(m.index, p.start) - p.start
      const b = Math.min(m.index + m[0].length, p.start + p.template.length) - p.start
      if (b > a) {
        // Latest first, so each cut leaves the offsets of the earlier ones valid.
        p.edits.unshift([a, b, ''])
        if (!best || b - a > best[1] - best[0]) best = p.edits[0]
      }
    }
    best![2] = valueOf(m[1], values, prefix)
  }
  for (const { n, template, edits } of parts)
    if (edits[0] || kept.has(n)) {
      const text = edits.reduce((t, [a, b, v]) => t.slice(0, a) + v + t.slice(b), template)
      kept.set(n, [template, text])
      if (n.data != text) n.data = text
    }
}
