/**
 * Checks the built files themselves (issue 2, point 1). Builds nothing:
 * `npm test` runs `npm run build` before the tests. Without dist/ these tests
 * fail and say so, rather than pass on nothing.
 */
import { existsSync, readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { waitFor } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { SIZE_CEILING_KB } from '../../vite.config'

const IIFE = 'dist/flex-portal.js'
const ESM = 'dist/flex-portal.mjs'
const TYPES = 'dist/types/index.d.ts'
const TAGS = ['flex-portal', 'flex-login', 'flex-signup', 'flex-projects', 'flex-project-detail']

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

  it(`is at most ${SIZE_CEILING_KB} kB gzip -9`, () => {
    expect(gzipSync(Buffer.from(code), { level: 9 }).length / 1000).toBeLessThanOrEqual(SIZE_CEILING_KB)
  })

  it('registers all five elements when run as a classic script, and a second run does not throw', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ accessToken: 'd' }), { status: 200 })))
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
  it('exports defineFlexElements and the five element classes', () => {
    const code = read(ESM)
    const exported = code.match(/export\s*\{([^}]*)\}\s*;?\s*$/)?.[1] ?? ''
    const names = exported.split(',').map((part) => part.trim().split(/\s+as\s+/).pop())
    expect(names).toEqual(
      expect.arrayContaining(['defineFlexElements', 'FlexPortalElement', 'FlexLoginElement', 'FlexSignupElement', 'FlexProjectsElement', 'FlexProjectDetailElement']),
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
