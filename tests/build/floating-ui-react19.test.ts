/**
 * floating-ui is loaded with React 19's useId and useInsertionEffect named, not
 * picked from a copy of React with its fallbacks beside them
 * (build/floating-ui-react19.ts). The dist/ check builds nothing (see bundle.test.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { floatingUiReact19 } from '../../build/floating-ui-react19'

const transform = (file: string) => {
  const plugin = floatingUiReact19()
  const handler = (plugin.transform as { handler: (code: string, id: string) => { code: string } | undefined }).handler
  const id = `${process.cwd()}/node_modules/@floating-ui/react/dist/${file}`
  return handler(readFileSync(id, 'utf8'), id)?.code ?? ''
}

describe('floating-ui with React 19', () => {
  it('names React’s hooks; its fallbacks and its copies of React are unread', () => {
    const react = transform('floating-ui.react.mjs')
    expect(react).toMatch(/^const useId = React\.useId;$/m)
    expect(react).not.toMatch(/\bSafeReact\b|useReactId \|\|/)
    const utils = transform('floating-ui.react.utils.mjs')
    expect(utils).toMatch(/^const useSafeInsertionEffect = React\.useInsertionEffect;$/m)
    expect(utils).not.toMatch(/\bSafeReact\b/)
  })

  it('fails on a file whose lines moved', () => {
    const plugin = floatingUiReact19()
    const handler = (plugin.transform as { handler: (code: string, id: string) => unknown }).handler
    expect(() => handler('export const x = 1', '/node_modules/@floating-ui/react/dist/floating-ui.react.mjs')).toThrow(/no longer/)
  })

  it('leaves the fallback useId out of the signed-in chunk', () => {
    if (!existsSync('dist/flex-portal.js')) throw new Error('dist/ is missing: run `npm run build` first (`npm test` does).')
    const app = readdirSync('dist').find((f) => /^fp-app-.*\.js$/.test(f))!
    expect(readFileSync(`dist/${app}`, 'utf8')).not.toMatch(/`floating-ui-`\+Math\.random/)
  })
})
