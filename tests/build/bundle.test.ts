/**
 * Checks the built files themselves. Builds nothing:
 * `npm test` runs `npm run build` before the tests. Without dist/ these tests
 * fail and say so, rather than pass on nothing.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { waitFor } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { sizeBudget } from '../../build/size-budget'
import type { Plugin, UserConfig, UserConfigFnObject } from 'vite'
import viteDefault, { SIZE_CEILING_KB } from '../../vite.config'

const viteConfig = viteDefault as unknown as UserConfigFnObject

const IIFE = 'dist/flex-portal.js'
const ESM = 'dist/flex-portal.mjs'
const TYPES = 'dist/types/src/index.d.ts'
const TAGS = ['flex-portal', 'flex-login', 'flex-signup', 'flex-projects', 'flex-project-detail', 'flex-snippet']

function read(path: string): string {
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first (\`npm test\` does).`)
  return readFileSync(path, 'utf8')
}

/** What a plain <script src> does: run the file as a classic script in the page's global scope. */
const runAsClassicScript = (code: string) => (0, eval)(code)

describe(IIFE, () => {
  let code: string
  beforeAll(() => {
    code = read(IIFE)
  })

  it('ships React’s production build: no process.env left, no development-only code', () => {
    // Booleans, not toMatch: a failure must not print the whole bundle.
    expect(/process\.env/.test(code), 'process.env left in the bundle').toBe(false)
    expect(/Minified React error/.test(code), 'React production build').toBe(true)
    expect(/react-dom\.development|Warning: Each child in a list should have a unique/.test(code), 'React development build').toBe(false)
    expect(/^\s*\(function\(\)\{/.test(code), 'an IIFE').toBe(true)
  })

  it('is pure ASCII, so a page without a charset cannot garble its texts', () => {
    expect(code.match(/[^\x00-\x7f]/g) ?? []).toEqual([])
    expect(code).toContain('Logging in\\u2026')
  })

  it('carries no schema library: the widget takes only types from the API contract', () => {
    // zod names its schema classes in strings ("$ZodString"), which minifying keeps.
    expect(/\$Zod[A-Z]/.test(code), 'zod in the bundle').toBe(false)
  })

  it('registers all six elements when run as a classic script, and a second run does not throw', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ accessToken: 'd' }), { status: 200 })),
    )
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

// `npm run build` itself fails above the ceiling, so a test of dist/ could
// never see an oversized bundle: test the check that the build runs instead.
describe(`the build's ${SIZE_CEILING_KB} kB gzip -9 ceiling`, () => {
  /** Runs the build's check on a file of these bytes: 'passed', or the build's error. */
  const check = (bytes: Buffer, ceilingKb: number): string => {
    const dir = mkdtempSync(join(tmpdir(), 'flex-budget-'))
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    try {
      writeFileSync(join(dir, 'bundle.js'), bytes)
      const plugin = sizeBudget('bundle.js', ceilingKb)
      ;(plugin.configResolved as (config: unknown) => void)({ build: { outDir: dir } })
      ;(plugin.closeBundle as () => void)()
      return 'passed'
    } catch (err) {
      return (err as Error).message
    } finally {
      log.mockRestore()
      rmSync(dir, { recursive: true, force: true })
    }
  }

  it('fails the build when the bundle is over it, and passes it when it is not', () => {
    const incompressible = randomBytes(3000) // ~3 kB whatever gzip does
    expect(check(incompressible, 2)).toMatch(/^bundle\.js is 3\.\d kB gzip -9, over the 2 kB ceiling$/)
    expect(check(incompressible, 4)).toBe('passed')
  })

  it('is the check the script-tag build runs', () => {
    const config = viteConfig({ command: 'build', mode: 'production' }) as UserConfig
    expect(config.plugins?.flat().map((p) => (p as Plugin).name)).toContain('flex-size-budget')
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
    expect(/process\.env/.test(code), 'process.env left in the bundle').toBe(false)
    expect(code.match(/[^\x00-\x7f]/g) ?? []).toEqual([])
  })

  it('has .d.ts types that add the tags to HTMLElementTagNameMap (descriptors.test.ts compiles against them)', () => {
    const types = read(TYPES)
    expect(types).toMatch(/interface HTMLElementTagNameMap extends FlexTagNameMap/)
    expect(types).toMatch(/export \{ defineFlexElements/)
  })
})
