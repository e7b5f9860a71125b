/**
 * Styles follow the chunks in the ES module build too (dist/flex-portal.mjs
 * and dist/esm/): a file of its own, since both builds define the same
 * elements. Builds nothing (see bundle.test.ts).
 */
import { existsSync, readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { waitFor } from '@testing-library/react'
import { expect, it, vi } from 'vitest'
// The whole sheet (generateCss over every source of src/), made once a run by Vitest's plugin.
import wholeCss from 'virtual:flex-styles'

const rulesOf = (sheet: CSSStyleSheet) => [...sheet.cssRules].map((rule) => rule.cssText)

it(
  'dist/flex-portal.mjs: the first screen’s sheet lacks the lazy screens’ rules, and their chunks add them in the whole stylesheet’s order',
  // It imports the whole ES module build, every chunk through vitest's transform, and
  // generates the whole stylesheet: seconds of CPU, past 30 s of wall time on a loaded machine.
  { timeout: 120_000 },
  async () => {
    if (!existsSync('dist/flex-portal.mjs')) throw new Error('dist/flex-portal.mjs is missing: run `npm run build` first (`npm test` does).')
    // The log-in screen registers the device; this test looks at styles only.
    vi.stubGlobal('fetch', () => new Promise(() => undefined))
    const { defineFlexElements } = (await import(/* @vite-ignore */ resolve('dist/flex-portal.mjs'))) as { defineFlexElements(): void }
    defineFlexElements()
    const el = document.body.appendChild(document.createElement('flex-login'))
    await waitFor(() => expect(el.shadowRoot?.adoptedStyleSheets).toHaveLength(1))
    const sheet = el.shadowRoot!.adoptedStyleSheets[0]
    expect(rulesOf(sheet).join('\n')).not.toContain('.cq-sm\\:table-row')

    for (const name of readdirSync('dist/esm').filter((n) => n.endsWith('.mjs'))) await import(/* @vite-ignore */ resolve('dist/esm', name))
    const whole = new CSSStyleSheet()
    whole.replaceSync(wholeCss)
    expect(el.shadowRoot!.adoptedStyleSheets).toEqual([sheet])
    expect(rulesOf(sheet)).toEqual(rulesOf(whole))
  },
)
