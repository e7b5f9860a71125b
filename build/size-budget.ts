/**
 * Prints the gzip -9 figures of the script-tag build, path by path, after
 * every build, and fails the build when one is over its budget, so no budget
 * can slip and a feature's weight lands on its own path:
 *
 * - first screen: what a page fetches before its log-in is usable, that is
 *   the loader (flex-portal.js), the entry module and every chunk the entry
 *   imports statically. The screens behind a dynamic import() are not in it.
 * - signed-in path: the chunks that hold the project page's modules, with every
 *   chunk they import statically, beyond the first screen: what a session
 *   fetches to show a project.
 * - sections: every other chunk, each on its own (a section a feature adds,
 *   fetched when it is reached), but the bundled languages' chunks.
 * - whole product: every script file the build writes, every chunk included,
 *   but the bundled languages' chunks (fp-locale-<lang>-*.js): a reader's
 *   page fetches one of them at most, so each is printed on its own line.
 */
import { gzipSync } from 'node:zlib'
import type { Plugin, Rolldown } from 'vite'

type OutputBundle = Rolldown.OutputBundle
type OutputChunk = Rolldown.OutputChunk

const gzip9 = (text: string | Uint8Array): number => gzipSync(text, { level: 9 }).length

/** Each budget in kB gzip -9. */
export interface Budgets {
  firstScreenKb: number
  /** The modules that make the signed-in path (paths from the project's root), and its budget. */
  signedIn: { modules: readonly string[]; kb: number }
  /** Each chunk on neither path, the bundled languages apart. */
  sectionKb: number
  /** All scripts together, the bundled languages apart. */
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
  signedIn: string[]
  signedInBytes: number
  /** Every other chunk → gzip -9 bytes. */
  sections: Record<string, number>
  totalBytes: number
}

const isScript = (name: string) => /\.m?js$/.test(name)
const text = (file: OutputBundle[string]) => (file.type === 'chunk' ? file.code : file.source)
/** A module id as a path with forward slashes; a lazy screen's wrapper (build/twind-css.ts) stands for its module. */
const modulePath = (id: string) => id.replace(/^\0flex-lazy:/, '').replace(/\\/g, '/')

/** `names` and every chunk they import statically, however deep, that is not in `skip`. */
function closure(bundle: OutputBundle, names: Iterable<string>, skip: ReadonlySet<string>, into = new Set<string>()): Set<string> {
  for (const name of names) {
    const chunk = bundle[name]
    if (into.has(name) || skip.has(name) || chunk?.type !== 'chunk') continue
    into.add(name)
    closure(bundle, chunk.imports, skip, into)
  }
  return into
}

/** The chunks holding the signed-in path's modules; a module no chunk holds stops the build, or its budget would check nothing. */
function signedInChunks(bundle: OutputBundle, modules: readonly string[]): string[] {
  const chunks = Object.values(bundle).filter((f): f is OutputChunk => f.type === 'chunk')
  return modules.map((module) => {
    const holder = chunks.find((c) => c.moduleIds.some((id) => modulePath(id).endsWith(`/${module}`)))
    if (!holder) throw new Error(`flex-size-budget: no chunk holds ${module}, the signed-in path's module (vite.config.ts's BUDGETS)`)
    return holder.fileName
  })
}

/** The figures of one bundle: `loader` is the classic script, whose entry module is the one marked isEntry. */
export function measureBundle(bundle: OutputBundle, loader: string, signedInModules: readonly string[] = []): SizeReport {
  const files: Record<string, number> = {}
  for (const [name, file] of Object.entries(bundle)) if (isScript(name)) files[name] = gzip9(text(file))
  const entry = Object.values(bundle).find((f): f is OutputChunk => f.type === 'chunk' && f.isEntry)
  if (!entry) throw new Error('the build has no entry module')
  const first = closure(bundle, [entry.fileName], new Set()).add(loader)
  const signedIn = closure(bundle, signedInChunks(bundle, signedInModules), first)
  const sum = (names: Iterable<string>) => [...names].reduce((n, name) => n + (files[name] ?? 0), 0)
  const locales = Object.fromEntries(Object.entries(files).filter(([name]) => LOCALE_CHUNK.test(name)))
  const product = Object.keys(files).filter((name) => !(name in locales))
  const sections = Object.fromEntries(product.filter((name) => !first.has(name) && !signedIn.has(name)).map((name) => [name, files[name]]))
  return {
    files,
    locales,
    firstScreen: [...first],
    firstScreenBytes: sum(first),
    signedIn: [...signedIn],
    signedInBytes: sum(signedIn),
    sections,
    totalBytes: sum(product),
  }
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1)
const over = (bytes: number, budgetKb: number) => bytes / 1000 > budgetKb

/** The build's own check: one message for each budget passed, naming its chunks, their size and the budget; or undefined. */
export function overBudget(report: SizeReport, budgets: Budgets): string | undefined {
  const problems = [
    over(report.firstScreenBytes, budgets.firstScreenKb) &&
      `the first screen (${report.firstScreen.join(', ')}) is ${kb(report.firstScreenBytes)} kB gzip -9, over its budget of ${budgets.firstScreenKb} kB`,
    over(report.signedInBytes, budgets.signedIn.kb) &&
      `the signed-in path (${report.signedIn.join(', ')}) is ${kb(report.signedInBytes)} kB gzip -9, over its budget of ${budgets.signedIn.kb} kB`,
    ...Object.entries(report.sections).map(
      ([name, bytes]) => over(bytes, budgets.sectionKb) && `the chunk ${name} is ${kb(bytes)} kB gzip -9, over a section's budget of ${budgets.sectionKb} kB`,
    ),
    over(report.totalBytes, budgets.totalKb) &&
      `the whole product is ${kb(report.totalBytes)} kB gzip -9 (bundled languages apart), over its budget of ${budgets.totalKb} kB`,
  ].filter(Boolean)
  return problems.length > 0 ? problems.join('; ') : undefined
}

/** The report as the build prints it: each path, its size, its budget and its files. */
export function reportLines(report: SizeReport, budgets: Budgets): string[] {
  const sections = Object.entries(report.sections).sort(([a], [b]) => a.localeCompare(b))
  const locales = Object.entries(report.locales).sort(([a], [b]) => a.localeCompare(b))
  return [
    `\nScripts, gzip -9, each path against its budget:`,
    `  first screen: ${kb(report.firstScreenBytes)} kB of ${budgets.firstScreenKb} kB (${report.firstScreen.join(', ')})`,
    `  signed-in path: ${kb(report.signedInBytes)} kB of ${budgets.signedIn.kb} kB (${report.signedIn.join(', ')})`,
    `  sections, each of at most ${budgets.sectionKb} kB:`,
    ...sections.map(([name, bytes]) => `    ${name}: ${kb(bytes)} kB`),
    `  whole product: ${kb(report.totalBytes)} kB of ${budgets.totalKb} kB, in ${Object.keys(report.files).length - locales.length} files; bundled languages apart:`,
    ...locales.map(([name, bytes]) => `  ${name.replace(LOCALE_CHUNK, '$1')}: ${kb(bytes)} kB (${name})`),
  ]
}

export function sizeBudget(loader: string, budgets: Budgets, log: (line: string) => void = console.log): Plugin {
  return {
    name: 'flex-size-budget',
    apply: 'build',
    // After generateBundle: the code is final (ASCII escapes included) and the loader exists.
    writeBundle(_, bundle) {
      const report = measureBundle(bundle, loader, budgets.signedIn.modules)
      for (const line of reportLines(report, budgets)) log(line)
      const problem = overBudget(report, budgets)
      if (problem) throw new Error(problem)
    },
  }
}
