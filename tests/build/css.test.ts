/** The stylesheet twind generates at build time from the string literals of src/. */
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { candidates, sourceFiles } from '../../build/class-scan'
import { generateRules } from '../../build/twind-css'
// The whole sheet, as Vitest's plugin serves it: generateCss over every source of src/, made once a run.
import css from 'virtual:flex-styles'

describe('generated CSS', () => {
  it('has the :host preflight and the .flex-root shield instead of html/body rules', () => {
    expect(css).toMatch(/:host\{[^}]*display:block/)
    expect(css).toMatch(/\.flex-root\{[^}]*all:initial/)
    expect(css).toMatch(/\.flex-root\{[^}]*font-size:16px/)
    expect(css).not.toMatch(/(^|[},])\s*(html|body)\s*[{,]/)
  })

  it('is written minified, rule by rule, with the queries in min-width form older Safari reads', () => {
    // Custom properties keep their text: a minifier must not change what a var() hands on.
    expect(css).not.toMatch(/calc\(\d+px \* -1\)|[{;][a-z][a-z-]*:0px[;}]|rgba\(0,0,0,0\./)
    expect(css).toMatch(/\.-mx-2\{margin-left:-8px;margin-right:-8px\}/)
    expect(css).not.toMatch(/@container \(width/)
  })

  it('writes space-y and divide-y as the margin and border they compute to, and no variables for ::backdrop that nothing there reads', () => {
    expect(css).toContain('.space-y-6>:not([hidden])~:not([hidden]){margin-top:24px;margin-bottom:0}')
    expect(css).toContain('.divide-y>:not([hidden])~:not([hidden]){border-top-width:1px;border-bottom-width:0}')
    expect(css).not.toMatch(/-y-reverse/)
    expect(css).not.toMatch(/(^|\})::backdrop\{/)
    // A -reverse class would need the variable back: the build stops.
    expect(() => generateRules(["'space-y-2 space-y-reverse'"])).toThrow(/turns space-y or divide-y round/)
  })

  it('has a rule for every class a className of the widget names: a word twind does not know styles nothing', () => {
    // ms-auto and max-w-48 (twind 1.1 has neither) left a skeleton bar and the key filter unstyled.
    const words = new Set<string>()
    for (const text of classTexts()) for (const word of text.replace(/\$\{[^}]*\}/g, ' ').split(/\s+/)) if (word) words.add(word)
    // The class of a selector (group-hover:…), not a utility.
    words.delete('group')
    // Every word's rules at once (one at a time took seconds): a word is known where its selector ends a name.
    const sheet = generateRules([...words].map((word) => `'${word}'`)).join('\n')
    const selector = (word: string) => `.${word.replace(/[^\w-]/g, (c) => `\\${c}`)}`
    expect(words.size).toBeGreaterThan(250)
    expect([...words].filter((word) => !sheet.split(selector(word)).some((after, i) => i > 0 && !/^[\w-]/.test(after)))).toEqual([])
  })

  it('reads a class wherever the widget writes one: a className expression, a class constant, a variant of an object', () => {
    const texts = classTexts()
    // className={stacked ? 'block space-y-3' : …}, const FILTER = '…', const linkClass = `…`, a template's
    // `${status === 'failed' ? 'text-danger' : …}`, const layoutClass = { center: '…' }
    for (const text of ['block space-y-3', 'flex flex-col gap-1 cq-xs:contents', 'font-semibold underline ${FOCUS_RING}', 'text-danger'])
      expect(texts).toContain(text)
    expect(texts.some((text) => text.includes('[&::backdrop]:bg-[rgba(0,0,0,0.7)]'))).toBe(true)
    expect(texts).not.toContain('failed')
  })

  it('takes no rule from a word of a text: "a visible character" in a message adds no .visible', () => {
    expect(candidates(["'Name must contain a visible character'"])).toContain('visible')
    expect(css).not.toMatch(/(^|\})\.visible\{/)
    // Nor from a style's value: the figures of the usage chart are tabular by their own class.
    expect(css).not.toMatch(/--tw-numeric-spacing/)
  })

  it('has no rem units, so a host html{font-size} cannot resize the widget', () => {
    // In values, that is: a class name such as min-h-[1rem] keeps its name.
    expect(css).not.toMatch(/[:\s(,]-?\d*\.?\d+rem\b/)
    expect(css).toMatch(/\.text-sm\{font-size:14px;line-height:20px\}/)
  })

  it('takes colours, radius and font from --flex-* custom properties', () => {
    expect(css).toMatch(/\.bg-bg\{background-color:var\(--fx-bg\)\}/)
    expect(css).toMatch(/:host\{[^}]*--fx-bg:var\(--flex-bg, ?#0b1120\)/)
    expect(css).toMatch(/\.rounded-flex\{border-radius:var\(--flex-radius/)
    expect(css).toMatch(/\.font-flex\{font-family:var\(--flex-font/)
  })

  it('picks the palette by the theme attribute: dark by default, light, and auto following the system live', () => {
    expect(css).toMatch(/:host\{[^}]*--fx-bg:var\(--flex-bg, ?#0b1120\)[^}]*--fx-scheme:dark/)
    expect(css).toMatch(/:host\(\[theme=light\]\)\{[^}]*--fx-bg:var\(--flex-bg, ?#f8fafc\)[^}]*--fx-scheme:light/)
    expect(css).toMatch(/@media \(prefers-color-scheme: ?light\)\{:host\(\[theme=auto\]\)\{[^}]*--fx-bg:var\(--flex-bg, ?#f8fafc\)/)
    expect(css).toMatch(/\.flex-root\{[^}]*color-scheme:var\(--fx-scheme\)/)
  })

  it("lays out by the element's own width: the screen root is a size container and the cq variants are container queries", () => {
    expect(css).toMatch(/\.flex-cq\{container-type:inline-size\}/)
    // One block per breakpoint, the wider last so it wins.
    const xs = css.indexOf('@container (min-width:280px){')
    const sm = css.indexOf('@container (min-width:560px){')
    expect(xs).toBeGreaterThan(-1)
    expect(sm).toBeGreaterThan(xs)
    const md = css.indexOf('@container (min-width:768px){')
    expect(sm).toBeGreaterThan(-1)
    expect(md).toBeGreaterThan(sm)
    expect(css.slice(sm, md)).toContain('.cq-sm\\:flex-row{flex-direction:row}')
    expect(css.slice(md)).toContain('.cq-md\\:block{display:block}')
    // The wide one's rules (the dashboard's description) come with the signed-in screens: its place is kept here.
    const xl = css.indexOf('@container (min-width:1200px){')
    expect(xl).toBeGreaterThan(md)
    expect(css.match(/@container/g)).toHaveLength(4)
  })

  it('holds every utility the auth screens use, and no hashed class names', () => {
    for (const cls of ['bg-surface', 'text-danger', 'bg-danger-bg', 'text-accent', 'max-w-sm', 'focus-visible\\:ring-2']) {
      expect(css, cls).toContain(`.${cls}`)
    }
    expect(css).not.toMatch(/\.tw-[a-z0-9]{5,}/)
  })

  it('scans string literals only for class-like words', () => {
    const source = [
      `// The host's page: p-9 in a comment`,
      `const a = "px-4 py-2 hover:bg-accent"`,
      `const b = \`w-full \${x ? 'text-fg' : ''} mt-2\``,
      `const c = <p className="text-danger">Don't have an account? m-3</p>`,
      `const d = 'bg-bg'`,
    ].join('\n')
    const found = candidates([source])
    expect([...found]).toEqual(expect.arrayContaining(['px-4', 'py-2', 'hover:bg-accent', 'w-full', 'text-fg', 'mt-2', 'text-danger', 'bg-bg']))
    expect(found.has('p-9')).toBe(false)
    expect(found.has('m-3')).toBe(false)
  })
})

/**
 * The texts of the widget's classes: className="…" and className={`…`}, every string in a className={…}
 * expression (a condition's branches), and every string of a constant such an expression or class names (FILTER,
 * linkClass with its FOCUS_RING, an object of variants such as layoutClass): a word twind does not know in any of
 * them styles nothing.
 */
function classTexts(): string[] {
  // Every string of some code, and those in a template's ${…} (a branch's classes), leaving out what a value is
  // compared with (status === 'failed').
  const strings = (code: string): string[] =>
    [...code.replace(/[!=]==?\s*('[^'\n]*'|"[^"\n]*")/g, '').matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)].flatMap((m) =>
      m[3] === undefined ? [m[1] ?? m[2]] : [m[3], ...[...m[3].matchAll(/\$\{([^}]*)\}/g)].flatMap(([, inner]) => strings(inner))],
    )
  const names = (code: string) => code.match(/\b[A-Za-z_]\w*\b/g) ?? []
  const texts: string[] = []
  // Each constant's code (a string, a template, an object of them), by its name, across the widget.
  const constants = new Map<string, string[]>()
  const wanted: string[] = []
  for (const file of sourceFiles('src').filter((f) => /\.tsx?$/.test(f) && !f.includes('/i18n/'))) {
    const code = readFileSync(file, 'utf8')
    for (const [, plain] of code.matchAll(/className="([^"]*)"/g)) texts.push(plain)
    for (const at of [...code.matchAll(/className=\{/g)].map((m) => m.index + m[0].length)) {
      const expression = code.slice(at, closing(code, at))
      texts.push(...strings(expression))
      wanted.push(...names(expression.replace(/'[^'\n]*'|"[^"\n]*"/g, '')))
    }
    // Named as class constants are (FILTER, linkClass): a `status` function elsewhere is not one.
    for (const m of code.matchAll(/^(?:export )?const ([A-Z][A-Z_]*|\w+Class) = /gm)) {
      const at = m.index + m[0].length
      const value = code.slice(at, code[at] === '{' ? closing(code, at + 1) : code.indexOf('\n', at))
      constants.set(m[1], [...(constants.get(m[1]) ?? []), value])
    }
  }
  // A class constant's own template may name another (linkClass's FOCUS_RING).
  for (const seen = new Set<string>(); wanted.length;) {
    const name = wanted.pop()!
    if (seen.has(name) || !constants.has(name)) continue
    seen.add(name)
    for (const value of constants.get(name)!) {
      const found = strings(value)
      texts.push(...found)
      for (const text of found) for (const [, inner] of text.matchAll(/\$\{([^}]*)\}/g)) wanted.push(...names(inner))
    }
  }
  return texts
}

/** Where the brace opened just before `at` closes. */
function closing(code: string, at: number): number {
  for (let depth = 1, i = at; i < code.length; i++) {
    if (code[i] === '{') depth++
    else if (code[i] === '}' && --depth === 0) return i
  }
  return code.length
}
