/**
 * Styles follow the chunks (build/twind-css.ts): the first screen's script
 * carries only its own rules, and the first chunk fetched on demand brings the
 * rest (one chunk of lazy styles that they all require) to the one shared sheet. Checks the built files of the script-tag
 * build; builds nothing (`npm test` builds first, see bundle.test.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { runtimeTable } from './script-tables'
// The whole sheet (generateCss over every source of src/), made once a run by Vitest's plugin.
import wholeCss from 'virtual:flex-styles'

function read(path: string): string {
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first (\`npm test\` does).`)
  return readFileSync(path, 'utf8')
}

const CHUNKS = readdirSync('dist').filter((name) => /^fp-.*\.js$/.test(name))
const chunkFile = (name: string) => {
  const file = CHUNKS.find((f) => f.startsWith(`fp-${name}-`))
  if (!file) throw new Error(`no chunk fp-${name}-*.js in dist/`)
  return file
}

/** A class only the dashboard's project search uses, as its rule's selector, and as the scripts spell it (a JS string escapes the backslash). */
const DASHBOARD_ONLY = '.cq-sm\\:max-w-xs'
const inScript = (selector: string) => selector.replace(/\\/g, '\\\\') + '{'

const runAsClassicScript = (code: string) => (0, eval)(code)
/** A chunk's id, by which chunks name it and it registers: the script's table (build/classic-chunks.ts). */
const idOf = (file: string) => {
  const names = runtimeTable<string>(read('dist/flex-portal.js'), 'N')
  return Object.keys(names).find((id) => names[id] === file)!
}
const rulesOf = (sheet: CSSStyleSheet) => [...sheet.cssRules].map((rule) => rule.cssText)
const textOf = (sheet: CSSStyleSheet) => rulesOf(sheet).join('\n')

describe('styles by chunk, in dist/flex-portal.js and its chunks', () => {
  it("leave a rule only a screen fetched on demand uses out of the first screen's script, and put it in the lazy styles' chunk, which that screen's chunk requires", () => {
    const styles = chunkFile('_flex-lazy-styles')
    expect(read('dist/flex-portal.js').includes(inScript(DASHBOARD_ONLY)), 'in the first screen').toBe(false)
    expect(read(`dist/${styles}`).includes(inScript(DASHBOARD_ONLY)), 'in the lazy styles').toBe(true)
    // Chunks name each other by the ids of the script's table (build/classic-chunks.ts).
    expect(read(`dist/${chunkFile('app')}`)).toContain(`require(${JSON.stringify(idOf(styles))})`)
    // Once: no other chunk repeats it.
    expect(CHUNKS.filter((name) => read(`dist/${name}`).includes(inScript(DASHBOARD_ONLY)))).toEqual([styles])
  })

  it(
    'add each chunk’s rules to the one sheet already open roots share as the chunk runs, ending rule for rule as the whole stylesheet',
    // It runs the whole classic build and generates the whole stylesheet: seconds of CPU, past
    // 30 s of wall time on a machine loaded by other work (seen at a load average of about 40).
    { timeout: 120_000 },
    async () => {
      // The log-in screen registers the device; this test looks at styles only.
      vi.stubGlobal('fetch', () => new Promise(() => undefined))
      runAsClassicScript(read('dist/flex-portal.js'))
      const el = document.body.appendChild(document.createElement('flex-login'))
      await waitFor(() => expect(el.shadowRoot?.adoptedStyleSheets).toHaveLength(1))
      const sheet = el.shadowRoot!.adoptedStyleSheets[0]
      expect(textOf(sheet)).not.toContain(DASHBOARD_ONLY)

      // What require.load does once a chunk's <script> has run: register its module, then require it.
      const registry = Object.entries(globalThis).find(([key]) => key.startsWith('flexPortal:'))?.[1] as { r(name: string): unknown }
      for (const name of CHUNKS) runAsClassicScript(read(`dist/${name}`))
      registry.r(idOf(chunkFile('app')))
      expect(el.shadowRoot!.adoptedStyleSheets).toEqual([sheet])
      expect(textOf(sheet)).toContain(DASHBOARD_ONLY)
      for (const name of CHUNKS) registry.r(idOf(name))

      // In the same order as the whole stylesheet: between rules of equal specificity the later wins.
      const whole = new CSSStyleSheet()
      whole.replaceSync(wholeCss)
      expect(rulesOf(whole).some((rule) => rule.startsWith('@container'))).toBe(true)
      expect(rulesOf(sheet)).toEqual(rulesOf(whole))
    },
  )
})
