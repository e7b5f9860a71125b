/**
 * The build's budgets, path by path. `npm run build` itself fails over a
 * budget, so a test of dist/ could never see an oversized build: these feed
 * the check that the build runs with bundles of made-up chunks instead.
 */
import { randomBytes } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { measureBundle, overBudget, sizeBudget, type Budgets } from '../../build/size-budget'
import type { Plugin, Rolldown, UserConfig, UserConfigFnObject } from 'vite'
import viteDefault, { BUDGETS } from '../../vite.config'

const viteConfig = viteDefault as unknown as UserConfigFnObject

const PAGE = 'src/elements/portal/ProjectPage.tsx'

/** Where the bundler finds a source file: its id is the absolute path. */
const at = (path: string) => `/home/dev/flex-portal/${path}`

/** A chunk of incompressible code of about `kb` kB gzip -9, holding the modules of these ids. */
const chunk = (fileName: string, kb: number, imports: string[] = [], moduleIds: string[] = [], isEntry = false) =>
  ({ type: 'chunk', fileName, isEntry, imports, moduleIds, code: randomBytes(Math.round(kb * 1000)).toString('latin1') }) as unknown as Rolldown.OutputChunk

/**
 * The script-tag build's shape: the loader (an asset here), the entry with
 * what it imports, the signed-in chunk (the project page, behind a lazy
 * screen's wrapper as the bundler names it) with a chunk it shares, sections
 * and a language.
 */
const bundle = (kb: { app?: number; webhooks?: number } = {}): Rolldown.OutputBundle => {
  const chunks = [
    chunk('entry.mjs', 20, ['core.js'], [at('src/index.ts')], true),
    chunk('core.js', 30),
    chunk('fp-app-1.js', kb.app ?? 20, ['core.js', 'fp-copy-1.js'], [`\0flex-lazy:${at(PAGE)}`]),
    chunk('fp-copy-1.js', 2),
    chunk('fp-webhooks-1.js', kb.webhooks ?? 8, ['fp-app-1.js', 'core.js']),
    chunk('fp-team-1.js', 6, ['fp-app-1.js']),
    chunk('fp-locale-pt-BR-Ab-C_1xY.js', 12, ['core.js']),
  ]
  return {
    ...Object.fromEntries(chunks.map((c) => [c.fileName, c])),
    'loader.js': { type: 'asset', fileName: 'loader.js', source: 'import("./entry.mjs")' } as Rolldown.OutputAsset,
  }
}

const budgets = (more: Partial<Budgets> = {}): Budgets => ({ firstScreenKb: 85, signedIn: { modules: [PAGE], kb: 40 }, sectionKb: 10, totalKb: 150, ...more })
const kb = (bytes: number) => (bytes / 1000).toFixed(1)
const gz = (built: Rolldown.OutputBundle, name: string) => {
  const file = built[name]
  return gzipSync(file.type === 'chunk' ? file.code : file.source, { level: 9 }).length
}

describe(`the build's budgets (first screen ${BUDGETS.firstScreenKb} kB, signed-in path ${BUDGETS.signedIn.kb} kB, each section ${BUDGETS.sectionKb} kB, whole product ${BUDGETS.totalKb} kB, gzip -9)`, () => {
  it('count the loader, the entry and its static imports as the first screen; the project page’s chunk and what it imports beyond that as the signed-in path; every other chunk as a section; languages apart', () => {
    const built = bundle()
    const report = measureBundle(built, 'loader.js', [PAGE])
    expect(report.firstScreen.sort()).toEqual(['core.js', 'entry.mjs', 'loader.js'])
    expect(report.firstScreenBytes).toBe(gz(built, 'loader.js') + gz(built, 'entry.mjs') + gz(built, 'core.js'))
    expect(report.signedIn.sort()).toEqual(['fp-app-1.js', 'fp-copy-1.js'])
    expect(report.signedInBytes).toBe(gz(built, 'fp-app-1.js') + gz(built, 'fp-copy-1.js'))
    expect(report.sections).toEqual({ 'fp-team-1.js': gz(built, 'fp-team-1.js'), 'fp-webhooks-1.js': gz(built, 'fp-webhooks-1.js') })
    expect(report.locales).toEqual({ 'fp-locale-pt-BR-Ab-C_1xY.js': gz(built, 'fp-locale-pt-BR-Ab-C_1xY.js') })
    expect(report.totalBytes).toBe(report.firstScreenBytes + report.signedInBytes + Object.values(report.sections).reduce((a, b) => a + b))
  })

  it('pass a build within every budget', () => {
    expect(overBudget(measureBundle(bundle(), 'loader.js', [PAGE]), budgets())).toBeUndefined()
  })

  it('fail the first screen over its budget, naming its files, their size and the budget', () => {
    const report = measureBundle(bundle(), 'loader.js', [PAGE])
    expect(overBudget(report, budgets({ firstScreenKb: 45 }))).toBe(
      `the first screen (entry.mjs, core.js, loader.js) is ${kb(report.firstScreenBytes)} kB gzip -9, over its budget of 45 kB`,
    )
  })

  it('fail the signed-in path over its budget, naming its chunks, their size and the budget', () => {
    const report = measureBundle(bundle(), 'loader.js', [PAGE])
    const budget = { modules: [PAGE], kb: Math.floor(report.signedInBytes / 1000) - 1 }
    expect(overBudget(report, budgets({ signedIn: budget }))).toBe(
      `the signed-in path (fp-app-1.js, fp-copy-1.js) is ${kb(report.signedInBytes)} kB gzip -9, over its budget of ${budget.kb} kB`,
    )
  })

  it('fail each section over its own budget, naming the chunk, its size and the budget, however small the others', () => {
    const report = measureBundle(bundle(), 'loader.js', [PAGE])
    const sectionKb = Math.floor(report.sections['fp-webhooks-1.js'] / 1000) - 1
    // The team's chunk is smaller than the webhooks' and within the budget: only the webhooks' is named.
    expect(report.sections['fp-team-1.js'] / 1000).toBeLessThan(sectionKb)
    expect(overBudget(report, budgets({ sectionKb }))).toBe(
      `the chunk fp-webhooks-1.js is ${kb(report.sections['fp-webhooks-1.js'])} kB gzip -9, over a section's budget of ${sectionKb} kB`,
    )
  })

  it('fail the whole product over its budget, the languages not counted', () => {
    const report = measureBundle(bundle(), 'loader.js', [PAGE])
    const whole = report.totalBytes / 1000
    expect(overBudget(report, budgets({ totalKb: Math.ceil(whole) }))).toBeUndefined()
    expect(overBudget(report, budgets({ totalKb: Math.floor(whole) - 1 }))).toBe(
      `the whole product is ${kb(report.totalBytes)} kB gzip -9 (bundled languages apart), over its budget of ${Math.floor(whole) - 1} kB`,
    )
    // A language is no section, however large.
    expect(Object.keys(report.sections)).not.toContain('fp-locale-pt-BR-Ab-C_1xY.js')
  })

  it('give every budget passed, in one message', () => {
    const report = measureBundle(bundle({ app: 60, webhooks: 20 }), 'loader.js', [PAGE])
    expect(
      overBudget(report, budgets())
        ?.split('; ')
        .map((problem) => problem.split(' is ')[0]),
    ).toEqual(['the signed-in path (fp-app-1.js, fp-copy-1.js)', 'the chunk fp-webhooks-1.js', 'the whole product'])
  })

  it('stop the build when no chunk holds a module of the signed-in path, rather than check nothing', () => {
    expect(() => measureBundle(bundle(), 'loader.js', ['src/elements/portal/Gone.tsx'])).toThrow(
      /no chunk holds src\/elements\/portal\/Gone\.tsx, the signed-in path's module/,
    )
  })

  it('are printed and enforced by the build: each path with its size and budget, each section and language on its own line', () => {
    const lines: string[] = []
    const built = bundle()
    const writeBundle = (budget: Budgets) =>
      (sizeBudget('loader.js', budget, (line) => lines.push(line)).writeBundle as (options: unknown, bundle: Rolldown.OutputBundle) => void)({}, built)
    writeBundle(budgets())
    const report = measureBundle(built, 'loader.js', [PAGE])
    expect(lines.slice(1)).toEqual([
      `  first screen: ${kb(report.firstScreenBytes)} kB of 85 kB (entry.mjs, core.js, loader.js)`,
      `  signed-in path: ${kb(report.signedInBytes)} kB of 40 kB (fp-app-1.js, fp-copy-1.js)`,
      '  sections, each of at most 10 kB:',
      `    fp-team-1.js: ${kb(report.sections['fp-team-1.js'])} kB`,
      `    fp-webhooks-1.js: ${kb(report.sections['fp-webhooks-1.js'])} kB`,
      `  whole product: ${kb(report.totalBytes)} kB of 150 kB, in 7 files; bundled languages apart:`,
      `  pt-BR: ${kb(report.locales['fp-locale-pt-BR-Ab-C_1xY.js'])} kB (fp-locale-pt-BR-Ab-C_1xY.js)`,
    ])
    expect(() => writeBundle(budgets({ sectionKb: 1 }))).toThrow(/the chunk fp-team-1\.js is \d+\.\d kB gzip -9, over a section's budget of 1 kB/)
  })

  it('are the check the build runs, with the design’s figures', () => {
    const config = viteConfig({ command: 'build', mode: 'production' }) as UserConfig
    expect(config.plugins?.flat().map((p) => (p as Plugin).name)).toEqual(expect.arrayContaining(['flex-size-budget', 'flex-classic-chunks']))
    expect(BUDGETS).toEqual({ firstScreenKb: 85, signedIn: { modules: expect.arrayContaining([PAGE]), kb: 40 }, sectionKb: 10, totalKb: 150 })
  })
})
