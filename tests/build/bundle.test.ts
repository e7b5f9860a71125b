/**
 * Checks the built files themselves. Builds nothing:
 * `npm test` runs `npm run build` before the tests. Without dist/ these tests
 * fail and say so, rather than pass on nothing.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { catalogIdsOf } from '../../build/catalog-ids'
import { classicChunks } from '../../build/classic-chunks'
import { measureBundle, overBudget, sizeBudget } from '../../build/size-budget'
import type { Plugin, Rolldown, UserConfig, UserConfigFnObject } from 'vite'
import viteDefault, { BUDGETS } from '../../vite.config'

const viteConfig = viteDefault as unknown as UserConfigFnObject

const SCRIPT = 'dist/flex-portal.js'
const ESM = 'dist/flex-portal.mjs'
const TYPES = 'dist/types/src/index.d.ts'
const TAGS = ['flex-portal', 'flex-login', 'flex-signup', 'flex-projects', 'flex-project-detail', 'flex-snippet']

function read(path: string): string {
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first (\`npm test\` does).`)
  return readFileSync(path, 'utf8')
}

const list = (dir: string, pattern: RegExp) =>
  readdirSync(dir)
    .filter((name) => pattern.test(name))
    .map((name) => ({ name: join(dir, name), code: read(join(dir, name)) }))

/** The script tag's files: the script and the chunks beside it. */
const classic = () => [{ name: SCRIPT, code: read(SCRIPT) }, ...list('dist', /^fp-.*\.js$/)]
/** Every script the builds wrote, the ES module build's included. */
const scripts = () => [...classic(), { name: ESM, code: read(ESM) }, ...list('dist/esm', /\.mjs$/)]

/** What a plain <script src> does: run the file as a classic script in the page's global scope. */
const runAsClassicScript = (code: string) => (0, eval)(code)

describe('the built scripts', () => {
  it('ship React’s production build: no process.env left, no development-only code', () => {
    const all = scripts()
    // Booleans, not toMatch: a failure must not print the whole bundle.
    for (const { name, code } of all) {
      expect(/process\.env/.test(code), `process.env left in ${name}`).toBe(false)
      expect(/react-dom\.development|Warning: Each child in a list should have a unique/.test(code), `React development build in ${name}`).toBe(false)
    }
    expect(/Minified React error/.test(read(SCRIPT)), 'React production build in the script').toBe(true)
  })

  it('are pure ASCII, so a page without a charset cannot garble their texts', () => {
    for (const { name, code } of scripts()) expect(code.match(/[^\x00-\x7f]/g) ?? [], name).toEqual([])
    expect(read(SCRIPT)).toContain('Logging in\\u2026')
  })

  it('carry no message id: each is written as its short key, in the catalog, at each t() and in every language', () => {
    const ids = catalogIdsOf()
    for (const { name, code } of scripts()) {
      const strings = new Set([...code.matchAll(/(["'`])([a-z][\w]*(?:\.[\w]+)+)\1/g)].map((m) => m[2]))
      expect(
        ids.filter((id) => strings.has(id)),
        name,
      ).toEqual([])
    }
    // The English is there, under its key.
    expect(read(SCRIPT)).toMatch(/[a-z][0-9a-z]{2}:`Log in to your account`/)
  })

  it('carry no schema library: the widget takes only types from the API contract', () => {
    // zod names its schema classes in strings ("$ZodString"), which minifying keeps.
    for (const { name, code } of scripts()) expect(/\$Zod[A-Z]/.test(code), `zod in ${name}`).toBe(false)
  })
})

describe(`${SCRIPT} and its chunks`, () => {
  it('are classic scripts (no import or export statement, no import())', () => {
    for (const { name, code } of classic()) {
      // A classic script parses as a function body; a module's import or export statement would not.
      expect(() => new Function(code), name).not.toThrow()
      expect(/\bimport\s*\(/.test(code), `import() in ${name}`).toBe(false)
    }
  })

  it('name each other by short ids the script maps to files beside it, and every chunk named is in dist/ or inside the script', () => {
    const script = read(SCRIPT)
    const inScript = new Set([...script.matchAll(/\.f\["([^"]+)"\]=\(function/g)].map((m) => m[1]))
    const files = new Set(readdirSync('dist'))
    // The runtime's table of the chunks' ids: each a file beside the script, by its name alone.
    const names = JSON.parse(/\bN=(\{[^}]*\})/.exec(script)![1]) as Record<string, string>
    for (const file of Object.values(names)) expect(file).toMatch(/^fp-[\w-]+\.js$/)
    for (const { name, code } of classic()) {
      for (const [, id] of code.matchAll(/\brequire(?:\.load)?\("([^"]+)"\)/g)) {
        const file = names[id]
        expect(file, `${name} requires ${id}, which the script's table lacks`).toBeDefined()
        expect(files.has(file) || inScript.has(file), `${name} requires ${file}, which is nowhere`).toBe(true)
      }
    }
    // Each screen behind an import() is fetched on demand: none of them is inside the script
    // ('auth' holds sign-up and the reset; 'app' the signed-in frame, the dashboard and a project's page).
    for (const screen of ['auth', 'app']) {
      expect(
        [...files].some((f) => f.startsWith(`fp-${screen}-`)),
        `fp-${screen}-*.js`,
      ).toBe(true)
      expect(
        [...inScript].some((f) => f.startsWith(`fp-${screen}-`)),
        `${screen} inside the script`,
      ).toBe(false)
    }
  })

  it('registers all six elements when run as a classic script; a second run does not throw, and a portal draws its log-in without touching <head>', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ accessToken: 'd' }), { status: 200 })),
    )
    const code = read(SCRIPT)
    for (const tag of TAGS) expect(customElements.get(tag)).toBeUndefined()
    runAsClassicScript(code)
    for (const tag of TAGS) expect(customElements.get(tag), tag).toBeTypeOf('function')
    const first = TAGS.map((tag) => customElements.get(tag))
    expect(() => runAsClassicScript(code)).not.toThrow()
    expect(TAGS.map((tag) => customElements.get(tag))).toEqual(first)

    const headBefore = document.head.innerHTML
    const portal = document.body.appendChild(document.createElement('flex-portal'))
    await waitFor(() => expect(portal.shadowRoot?.querySelector('h2')?.textContent).toBe('Log in to your account'))
    expect(portal.shadowRoot!.mode).toBe('open')
    expect(portal.shadowRoot!.adoptedStyleSheets).toHaveLength(1)
    expect(document.head.innerHTML).toBe(headBefore)
    vi.unstubAllGlobals()
  })
})

describe(ESM, () => {
  it('exports defineFlexElements and the six element classes', () => {
    const code = read(ESM)
    const exported = code.match(/export\s*\{([^}]*)\}\s*;?\s*$/)?.[1] ?? ''
    const names = exported.split(',').map((part) =>
      part
        .trim()
        .split(/\s+as\s+/)
        .pop(),
    )
    expect(names).toEqual(
      expect.arrayContaining([
        'defineFlexElements',
        'FlexPortalElement',
        'FlexLoginElement',
        'FlexSignupElement',
        'FlexProjectsElement',
        'FlexProjectDetailElement',
        'FlexSnippetElement',
      ]),
    )
  })

  it('keeps its later screens as dynamic imports of its own chunks, for the bundler that takes it in', () => {
    const code = read(ESM)
    const dynamic = [...code.matchAll(/\bimport\("([^"]+)"\)/g)].map((m) => m[1])
    expect(dynamic.length).toBeGreaterThan(2)
    for (const spec of dynamic) expect(existsSync(join('dist', spec)), spec).toBe(true)
  })

  it('has .d.ts types that add the tags to HTMLElementTagNameMap (descriptors.test.ts compiles against them)', () => {
    const types = read(TYPES)
    expect(types).toMatch(/interface HTMLElementTagNameMap extends FlexTagNameMap/)
    expect(types).toMatch(/export \{ defineFlexElements/)
  })
})

// `npm run build` itself fails above a ceiling, so a test of dist/ could
// never see an oversized build: test the check that the build runs instead.
describe(`the build's ceilings (first screen ${BUDGETS.firstScreenKb} kB, whole product ${BUDGETS.totalKb} kB, gzip -9)`, () => {
  /** A bundle of an entry that imports `core` statically and `lazy` dynamically, with incompressible code of these sizes. */
  const bundle = (kb: { entry: number; core: number; lazy: number }): Rolldown.OutputBundle => {
    const chunk = (fileName: string, size: number, isEntry: boolean, imports: string[]) =>
      ({ type: 'chunk', fileName, isEntry, imports, code: randomBytes(size * 1000).toString('latin1') }) as Rolldown.OutputChunk
    return {
      'entry.mjs': chunk('entry.mjs', kb.entry, true, ['core.js']),
      'core.js': chunk('core.js', kb.core, false, []),
      'lazy.js': chunk('lazy.js', kb.lazy, false, ['core.js']),
      'loader.js': { type: 'asset', fileName: 'loader.js', source: 'import("./entry.mjs")' } as Rolldown.OutputAsset,
    }
  }

  it('count the loader, the entry and its static imports as the first screen, and every script in the whole', () => {
    const built = bundle({ entry: 1, core: 3, lazy: 5 })
    const gz = (name: string) => {
      const file = built[name]
      return gzipSync(file.type === 'chunk' ? file.code : file.source, { level: 9 }).length
    }
    const report = measureBundle(built, 'loader.js')
    expect(report.firstScreen.sort()).toEqual(['core.js', 'entry.mjs', 'loader.js'])
    expect(report.firstScreenBytes).toBe(gz('loader.js') + gz('entry.mjs') + gz('core.js'))
    expect(report.totalBytes).toBe(report.firstScreenBytes + gz('lazy.js'))
  })

  it("leave the bundled languages' chunks out of the whole and give each its own figure", () => {
    const built = bundle({ entry: 1, core: 3, lazy: 5 })
    const plain = measureBundle(built, 'loader.js')
    const ptBR = {
      type: 'chunk',
      fileName: 'fp-locale-pt-BR-Ab-C_1xY.js',
      isEntry: false,
      imports: [],
      code: randomBytes(4000).toString('latin1'),
    } as unknown as Rolldown.OutputChunk
    const report = measureBundle({ ...built, [ptBR.fileName]: ptBR }, 'loader.js')
    expect(report.totalBytes).toBe(plain.totalBytes)
    expect(Object.keys(report.locales)).toEqual(['fp-locale-pt-BR-Ab-C_1xY.js'])
    expect(report.locales['fp-locale-pt-BR-Ab-C_1xY.js']).toBe(gzipSync(ptBR.code, { level: 9 }).length)
    const lines: string[] = []
    const writeBundle = sizeBudget('loader.js', { firstScreenKb: 100, totalKb: 100 }, (line) => lines.push(line)).writeBundle as (
      options: unknown,
      bundle: Rolldown.OutputBundle,
    ) => void
    writeBundle({}, { ...built, [ptBR.fileName]: ptBR })
    expect(lines.join('\n')).toMatch(/^ {2}pt-BR: \d+\.\d kB \(fp-locale-pt-BR-Ab-C_1xY\.js\)$/m)
  })

  it('fail the build over either ceiling, and pass it under both', () => {
    // Random bytes do not compress: each file is about its size (a little more as UTF-8).
    const report = measureBundle(bundle({ entry: 1, core: 3, lazy: 5 }), 'loader.js')
    const first = report.firstScreenBytes / 1000
    const total = report.totalBytes / 1000
    expect(overBudget(report, { firstScreenKb: first + 0.1, totalKb: total + 0.1 })).toBeUndefined()
    expect(overBudget(report, { firstScreenKb: first - 0.5, totalKb: total + 0.1 })).toMatch(
      /^the first screen's scripts are \d+\.\d kB gzip -9, over the \d+(\.\d+)? kB ceiling$/,
    )
    expect(overBudget(report, { firstScreenKb: first + 0.1, totalKb: total - 0.5 })).toMatch(
      /^all scripts together are \d+\.\d kB gzip -9, over the \d+(\.\d+)? kB ceiling$/,
    )
    const plugin = sizeBudget('loader.js', { firstScreenKb: 3, totalKb: 100 }, () => {})
    const writeBundle = plugin.writeBundle as (options: unknown, bundle: Rolldown.OutputBundle) => void
    expect(() => writeBundle({}, bundle({ entry: 1, core: 3, lazy: 5 }))).toThrow(/over the 3 kB ceiling/)
  })

  it('are the check the build runs', () => {
    const config = viteConfig({ command: 'build', mode: 'production' }) as UserConfig
    expect(config.plugins?.flat().map((p) => (p as Plugin).name)).toEqual(expect.arrayContaining(['flex-size-budget', 'flex-classic-chunks']))
  })
})

describe('the classic-chunks step of the script build', () => {
  const chunk = (fileName: string, code: string, more: Partial<Rolldown.OutputChunk> = {}) =>
    ({ type: 'chunk', fileName, code, isEntry: false, imports: [], dynamicImports: [], ...more }) as Rolldown.OutputChunk
  const run = (bundle: Rolldown.OutputBundle) => {
    const step = classicChunks().generateBundle as (this: unknown, options: unknown, bundle: Rolldown.OutputBundle) => void
    step.call({}, {}, bundle)
    return bundle
  }

  it('inlines what the entry imports, rewrites import() to require.load, and wraps each later chunk as a factory', () => {
    const bundle = run({
      'flex-portal.js': chunk('flex-portal.js', 'require("./fp-core-1.js").start();', { isEntry: true, imports: ['fp-core-1.js'] }),
      'fp-core-1.js': chunk('fp-core-1.js', 'exports.start=()=>Promise.resolve().then(()=>require("./fp-Later-2.js"));', {
        dynamicImports: ['fp-Later-2.js'],
      }),
      'fp-Later-2.js': chunk('fp-Later-2.js', 'exports.later=1;'),
    })
    expect(Object.keys(bundle).sort()).toEqual(['flex-portal.js', 'fp-Later-2.js'])
    const script = (bundle['flex-portal.js'] as Rolldown.OutputChunk).code
    // Ids by file name, in the runtime's table: fp-Later-2.js is 1.
    expect(script).toContain('N={"0":"fp-core-1.js","1":"fp-Later-2.js"}')
    expect(script).toContain('require.load("1")')
    expect(script).not.toContain('Promise.resolve().then(()=>require(')
    expect(script).toMatch(/\.f\["fp-core-1\.js"\]=\(function\(require,exports,module\)\{/)
    expect((bundle['fp-Later-2.js'] as Rolldown.OutputChunk).code).toMatch(/^self\["flexPortal:[0-9a-f]{12}"\]\.f\["fp-Later-2\.js"\]=\(function/)
    expect(() => new Function(script)).not.toThrow()
  })

  it('stops the build when an import() is not spelled as it expects, rather than ship a chunk that cannot load', () => {
    expect(() =>
      run({
        'flex-portal.js': chunk('flex-portal.js', 'import("./fp-Later-2.js")', { isEntry: true, dynamicImports: ['fp-Later-2.js'] }),
        'fp-Later-2.js': chunk('fp-Later-2.js', 'exports.later=1;'),
      }),
    ).toThrow(/imports 1 other chunks on demand but 0 were recognised/)
  })
})
