/**
 * r2wc is loaded with its string transform alone and without its events, which
 * the widget's one call declares none of (build/r2wc-string-props.ts).
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { r2wcStringProps } from '../../build/r2wc-string-props'

type Handler = (code: string, id: string) => { code: string } | undefined
const handler = () => (r2wcStringProps().transform as { handler: Handler }).handler
const CORE = `${process.cwd()}/node_modules/@r2wc/core/dist/core.js`

describe('r2wc as the widget calls it', () => {
  it('keeps the string transform and the attribute loops; its events and their dispatchers are gone', () => {
    const code = handler()(readFileSync(CORE, 'utf8'), CORE)!.code
    expect(code).toMatch(/\b\w+ = \{ string: \w+ \}/)
    expect(code).not.toMatch(/CustomEvent|\.events\.slice|\.events\[/)
    expect(code).toContain('observedAttributes')
    expect(code).toContain('this.getAttribute(')
  })

  it('fails on a file whose events moved', () => {
    const moved = readFileSync(CORE, 'utf8').replace('new CustomEvent(', 'new Event(')
    expect(() => handler()(moved, CORE)).toThrow(/events are not where they were/)
  })
})
