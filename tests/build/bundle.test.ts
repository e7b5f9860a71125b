/**
 * Checks the built files themselves. Builds nothing:
 * `npm test` runs `npm run build` before the tests. Without dist/ these tests
 * fail and say so, rather than pass on nothing.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { catalogIdsOf } from '../../build/catalog-ids'
import { classicChunks, compactExports } from '../../build/classic-chunks'
import type { Rolldown } from 'vite'
import { registeredIn, runtimeTable } from './script-tables'

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

  // Every built script scanned for every string that looks like an id: past the 5 s default on a
  // machine loaded by other work.
  it('carry no message id: each is written as its short key, in the catalog, at each t() and in every language', { timeout: 30_000 }, () => {
    const ids = catalogIdsOf()
    for (const { name, code } of scripts()) {
      const strings = new Set([...code.matchAll(/(["'`])([a-z][\w]*(?:\.[\w]+)+)\1/g)].map((m) => m[2]))
      expect(
        ids.filter((id) => strings.has(id)),
        name,
      ).toEqual([])
    }
    // The English is there, under its key.
    expect(read(SCRIPT)).toMatch(/[a-z][0-9a-z]{2}:(["'`])Log in to your account\1/)
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
    const files = new Set(readdirSync('dist'))
    // The runtime's table of the chunks' ids: each a file beside the script, by its name alone.
    const names = runtimeTable<string>(script, 'N')
    // What the script holds: the chunks inside it, each registered by its id (which the table leaves out:
    // nothing fetches them), and the entry by its file name.
    const inScript = new Set(registeredIn(script).map((id) => names[id] ?? id))
    for (const file of Object.values(names)) expect(file).toMatch(/^fp-[\w-]+\.js$/)
    for (const { name, code } of classic()) {
      for (const [, id] of code.matchAll(/\brequire(?:\.load)?\("([^"]+)"\)/g)) {
        const file = names[id] ?? id
        expect(files.has(file) || inScript.has(file), `${name} requires ${file}, which is nowhere`).toBe(true)
      }
    }
    // Each screen behind an import() is fetched on demand: none of them is inside the script
    // ('auth' holds sign-up and the reset; 'app' the signed-in frame with the profile page, the dashboard
    // and a project's page with its keys' dialog and usage chart; the others a section each).
    for (const screen of ['auth', 'app', 'webhooks', 'team', 'requests']) {
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

  it("fetch no section with the signed-in chunk: the project page's sections come each in a chunk of its own, when reached", () => {
    const script = read(SCRIPT)
    const names = runtimeTable<string>(script, 'N')
    const needs = runtimeTable<string[]>(script, 'D')
    const idOf = (prefix: string) => Object.keys(names).find((id) => names[id].startsWith(`fp-${prefix}-`))!
    const beside = (needs[idOf('app')] ?? []).map((id) => names[id])
    expect(beside.length).toBeGreaterThan(0)
    const onDemand = classic()
      .map(({ code }) => code)
      .join('\n')
    for (const section of ['webhooks', 'team', 'requests']) {
      expect(
        beside.filter((file) => file.startsWith(`fp-${section}-`)),
        section,
      ).toEqual([])
      // Asked for by its id, on demand, when the section is drawn.
      expect(onDemand).toContain(`require.load("${idOf(section)}")`)
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
    // Ids by file name, in the runtime's table: fp-Later-2.js is 1; fp-core-1.js (0) is inside the script, so not in it.
    expect(script).toContain('N={"1":"fp-Later-2.js"}')
    expect(script).toContain('require.load("1")')
    expect(script).not.toContain('Promise.resolve().then(()=>require(')
    // Each registers by its id too, not by its file name.
    expect(script).toMatch(/\.f\["0"\]=\(function\(require,exports\)\{/)
    expect((bundle['fp-Later-2.js'] as Rolldown.OutputChunk).code).toMatch(/^self\["flexPortal:[0-9a-f]{8}"\]\.f\["1"\]=\(function/)
    expect(() => new Function(script)).not.toThrow()
  })

  it('hands `module` only to a chunk that names it', () => {
    const bundle = run({
      'flex-portal.js': chunk('flex-portal.js', 'require("./fp-core-1.js");', { isEntry: true, imports: ['fp-core-1.js'] }),
      'fp-core-1.js': chunk('fp-core-1.js', 'exports.a=Promise.resolve().then(()=>require("./fp-Cjs-2.js"));', { dynamicImports: ['fp-Cjs-2.js'] }),
      'fp-Cjs-2.js': chunk('fp-Cjs-2.js', 'module.exports={b:2};'),
    })
    expect((bundle['flex-portal.js'] as Rolldown.OutputChunk).code).toContain('.f["0"]=(function(require,exports){')
    expect((bundle['fp-Cjs-2.js'] as Rolldown.OutputChunk).code).toContain('=(function(require,exports,module){module.exports={b:2};')
  })

  it('stops the build when an import() is not spelled as it expects, rather than ship a chunk that cannot load', () => {
    expect(() =>
      run({
        'flex-portal.js': chunk('flex-portal.js', 'import("./fp-Later-2.js")', { isEntry: true, dynamicImports: ['fp-Later-2.js'] }),
        'fp-Later-2.js': chunk('fp-Later-2.js', 'exports.later=1;'),
      }),
    ).toThrow(/imports 1 other chunks on demand but 0 were recognised/)
  })

  it('writes an export that cannot change as its value, and keeps a live getter for one that can', () => {
    const get = (name: string, value: string) => `Object.defineProperty(exports,"${name}",{enumerable:!0,get:function(){return ${value}}})`
    const code = [
      'var a=1,b=2;function f(){return 3}let c=0;function bump(){c++}var m={x:4};',
      `${get('A', 'a')},${get('F', 'f')},${get('C', 'c')},${get('M', 'm.x')},${get('L', 'later')},${get('B', 'b')};`,
      'var later=5;bump();',
    ].join('')
    const out = compactExports(code)
    expect(out).toContain('Object.assign(exports,{A:a,F:f,B:b})')
    expect(out).toContain('require.e(exports,{C:()=>c,M:()=>m.x,L:()=>later})')
    // Run as the runtime runs it: the live ones read their binding when read.
    const exports: Record<string, unknown> = {}
    const require = {
      e: (e: object, d: Record<string, () => unknown>) => Object.entries(d).forEach(([k, get]) => Object.defineProperty(e, k, { get, enumerable: true })),
    }
    new Function('require', 'exports', out)(require, exports)
    expect({ ...exports, F: typeof exports.F }).toEqual({ A: 1, F: 'function', B: 2, C: 1, M: 4, L: 5 })
  })
})
