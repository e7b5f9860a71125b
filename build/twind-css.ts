/**
 * Generates the widget's whole stylesheet at build time with twind, so no twind
 * runtime ships in the bundle (it would cost 17 kB). Works like Tailwind's
 * content scan: every string literal in src/ is split into candidate classes and
 * handed to twind; twind ignores what is not a utility and emits every rule that
 * is one. The result is exposed as the virtual module `virtual:flex-styles`.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { defineConfig, stringify, twind, virtual, type Preflight } from '@twind/core'
import presetTailwind from '@twind/preset-tailwind'
import ts from 'typescript'
import type { Plugin } from 'vite'
import { theme } from './theme.ts'
import { preflight } from './preflight.ts'

const VIRTUAL_ID = 'virtual:flex-styles'
const RESOLVED_ID = '\0' + VIRTUAL_ID

// Tailwind sizes are rem; a host page with `html { font-size: 62.5% }` would
// shrink the widget, so every rem becomes px relative to a 16 px root.
const remToPx = (value: string): string => value.replace(/(-?\d*\.?\d+)rem\b/g, (_, n: string) => `${+(parseFloat(n) * 16).toFixed(3)}px`)

export function generateCss(sources: string[]): string {
  const tw = twind(
    defineConfig({
      presets: [presetTailwind({ disablePreflight: true })],
      hash: false,
      // The theme's CSS object types are stricter than plain strings; the values are checked by eye and by the browser tests.
      preflight: preflight as unknown as Preflight,
      theme: { extend: theme },
      // Container queries on the element's own width (`.flex-cq`): a widget laid
      // out by the viewport's width would overflow a narrow column of a wide page.
      variants: [
        ['cq-sm', '@container (min-width:560px)'],
        ['cq-md', '@container (min-width:768px)'],
      ],
      stringify: (property, value) => `${property}:${remToPx(String(value))}`,
    }),
    virtual(),
  )
  // Most candidates are ordinary strings, not classes. Under Vitest twind's
  // development build warns about each one; the scan expects that, so mute it.
  const warn = console.warn
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('TWIND_INVALID_CLASS')) warn(...args)
  }
  try {
    for (const token of candidates(sources)) tw(token)
  } finally {
    console.warn = warn
  }
  return groupContainerRules(stringify(tw.target))
}

/**
 * twind wraps every cq-* rule in its own `@container` block; one block per
 * breakpoint, after everything else (smaller first, so the wider one wins),
 * says the same in a fraction of the bytes.
 */
function groupContainerRules(css: string): string {
  const groups = new Map<string, string[]>()
  const rest = css.replace(/@container (\([^)]*\))\{([^{}]*\{[^{}]*\})\}/g, (_, query: string, rule: string) => {
    groups.set(query, [...(groups.get(query) ?? []), rule])
    return ''
  })
  const sorted = [...groups].sort(([a], [b]) => parseFloat(a.replace(/\D+/, '')) - parseFloat(b.replace(/\D+/, '')))
  return rest + sorted.map(([query, rules]) => `@container ${query}{${rules.join('')}}`).join('')
}

/**
 * Every whitespace-separated word inside a string literal, deduplicated. The
 * literals come from TypeScript's parser: a regex pairing quotes loses step at
 * the first apostrophe in a comment or JSX text ("Don't…") and silently drops
 * every class after it.
 */
export function candidates(sources: string[]): Set<string> {
  const out = new Set<string>()
  const add = (text: string) => {
    for (const word of text.split(/\s+/)) {
      if (/^[!-]?[a-z@][\w:./[\]()%#!,-]*$/i.test(word) && word.length < 80) out.add(word)
    }
  }
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) add(node.text)
    ts.forEachChild(node, visit)
  }
  for (const source of sources) visit(ts.createSourceFile('source.tsx', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX))
  return out
}

/** Every .ts and .tsx file under `dir`: what the class scan reads. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) ? [path] : []
  })
}

export function twindCss(srcDir = 'src'): Plugin {
  return {
    name: 'flex-twind-css',
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined
      // Absolute paths: Vitest's module runner reads relative watch files as imports.
      const files = sourceFiles(resolve(srcDir))
      for (const file of files) this.addWatchFile(file)
      const css = generateCss(files.map((f) => readFileSync(f, 'utf8')))
      return `export default ${JSON.stringify(css)}`
    },
  }
}
