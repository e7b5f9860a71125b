/**
 * Prints the two gzip -9 figures of the script-tag build after every build
 * and fails the build above either ceiling, so neither budget can slip:
 *
 * - first screen: what a page fetches before its log-in is usable, that is
 *   the loader (flex-portal.js), the entry module and every chunk the entry
 *   imports statically. The screens behind a dynamic import() are not in it.
 * - whole product: every script file the build writes, every chunk included,
 *   but the bundled languages' chunks (fp-locale-<lang>-*.js): a reader's
 *   page fetches one of them at most, so each is printed on its own line.
 */
import { gzipSync } from 'node:zlib'
import type { Plugin, Rolldown } from 'vite'

type OutputBundle = Rolldown.OutputBundle
type OutputChunk = Rolldown.OutputChunk

const gzip9 = (text: string | Uint8Array): number => gzipSync(text, { level: 9 }).length

export interface Budgets {
  /** Ceiling of the first screen's scripts, kB gzip -9. */
  firstScreenKb: number
  /** Ceiling of all scripts together, kB gzip -9. */
  totalKb: number
}

/** The file name of a bundled language's chunk (vite.config.ts names them so): its tag, then the bundler's 8-character hash. */
export const LOCALE_CHUNK = /^fp-locale-(.+)-[\w-]{8}\.js$/

export interface SizeReport {
  /** file name → gzip -9 bytes, for every script file. */
  files: Record<string, number>
  /** A bundled language's chunk name → gzip -9 bytes; not in totalBytes. */
  locales: Record<string, number>
  firstScreen: string[]
  firstScreenBytes: number
  totalBytes: number
}

const isScript = (name: string) => /\.m?js$/.test(name)
const text = (file: OutputBundle[string]) => (file.type === 'chunk' ? file.code : file.source)

/** The figures of one bundle: `loader` is the classic script, whose entry module is the one marked isEntry. */
export function measureBundle(bundle: OutputBundle, loader: string): SizeReport {
  const files: Record<string, number> = {}
  for (const [name, file] of Object.entries(bundle)) if (isScript(name)) files[name] = gzip9(text(file))
  const entry = Object.values(bundle).find((f): f is OutputChunk => f.type === 'chunk' && f.isEntry)
  if (!entry) throw new Error('the build has no entry module')
  const first = new Set([loader])
  const visit = (chunk: OutputChunk) => {
    if (first.has(chunk.fileName)) return
    first.add(chunk.fileName)
    for (const name of chunk.imports) {
      const next = bundle[name]
      if (next?.type === 'chunk') visit(next)
    }
  }
  visit(entry)
  const sum = (names: Iterable<string>) => [...names].reduce((n, name) => n + (files[name] ?? 0), 0)
  const locales = Object.fromEntries(Object.entries(files).filter(([name]) => LOCALE_CHUNK.test(name)))
  const product = Object.keys(files).filter((name) => !(name in locales))
  return { files, locales, firstScreen: [...first], firstScreenBytes: sum(first), totalBytes: sum(product) }
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1)

/** The build's own check: a message for each ceiling passed, or undefined. */
export function overBudget(report: SizeReport, budgets: Budgets): string | undefined {
  const over = [
    report.firstScreenBytes / 1000 > budgets.firstScreenKb &&
      `the first screen's scripts are ${kb(report.firstScreenBytes)} kB gzip -9, over the ${budgets.firstScreenKb} kB ceiling`,
    report.totalBytes / 1000 > budgets.totalKb && `all scripts together are ${kb(report.totalBytes)} kB gzip -9, over the ${budgets.totalKb} kB ceiling`,
  ].filter(Boolean)
  return over.length > 0 ? over.join('; ') : undefined
}

export function sizeBudget(loader: string, budgets: Budgets, log: (line: string) => void = console.log): Plugin {
  return {
    name: 'flex-size-budget',
    apply: 'build',
    // After generateBundle: the code is final (ASCII escapes included) and the loader exists.
    writeBundle(_, bundle) {
      const report = measureBundle(bundle, loader)
      const locales = Object.entries(report.locales).sort(([a], [b]) => a.localeCompare(b))
      log(
        `\nScripts, gzip -9: first screen ${kb(report.firstScreenBytes)} kB (ceiling ${budgets.firstScreenKb} kB: ${report.firstScreen.join(', ')}); ` +
          `whole product ${kb(report.totalBytes)} kB in ${Object.keys(report.files).length - locales.length} files (ceiling ${budgets.totalKb} kB), ` +
          `bundled languages apart:`,
      )
      for (const [name, bytes] of locales) log(`  ${name.replace(LOCALE_CHUNK, '$1')}: ${kb(bytes)} kB (${name})`)
      const problem = overBudget(report, budgets)
      if (problem) throw new Error(problem)
    },
  }
}
