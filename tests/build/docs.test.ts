/**
 * README.md and docs/ as a reader meets them: a short README that sends readers
 * to docs/, every relative link and #anchor landing somewhere, and tables whose
 * cells stay a sentence or two.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { describe, expect, it } from 'vitest'

const PAGES = [
  'README.md',
  'server/README.md',
  ...readdirSync('docs')
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
]
const MAX_CELL = 600

/** The page without fenced code blocks and HTML comments: what a reader sees as text. */
const prose = (text: string) => text.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '').replace(/<!--[\s\S]*?-->/g, '')

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes; repeats get -1, -2, … */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>()
  const found = new Set<string>()
  for (const [, heading] of prose(text).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
      .replace(/ /g, '-')
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    found.add(n ? `${base}-${n}` : base)
  }
  return found
}

/** Every link target of the page's text: `[text](target)` and `![alt](target)`, inline code left out. */
const links = (text: string) =>
  [
    ...prose(text)
      .replace(/`[^`\n]*`/g, '')
      .matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g),
  ].map((m) => m[1])

/** Every cell of every markdown table on the page. */
function cells(text: string): string[] {
  return prose(text)
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[-| :]+\|$/.test(line))
    .flatMap((line) => line.replace(/\\\|/g, '¦').split('|').slice(1, -1))
    .map((cell) => cell.trim())
}

describe('README.md and docs/', () => {
  it('README.md is at most 400 lines', () => {
    expect(readFileSync('README.md', 'utf8').split('\n').length).toBeLessThanOrEqual(400)
  })

  it.each(PAGES)(`%s has no table cell over ${MAX_CELL} characters`, (page) => {
    const long = cells(readFileSync(page, 'utf8')).filter((cell) => cell.length > MAX_CELL)
    expect(long.map((cell) => `${cell.length}: ${cell.slice(0, 80)}…`)).toEqual([])
  })

  it.each(PAGES)('%s: every relative link and #anchor resolves', (page) => {
    const broken = links(readFileSync(page, 'utf8'))
      .filter((target) => !/^[a-z]+:/i.test(target))
      .filter((target) => {
        const [path, anchor] = target.split('#')
        const file = path ? normalize(join(dirname(page), path)) : page
        if (!existsSync(file)) return true
        return anchor !== undefined && file.endsWith('.md') && !anchors(readFileSync(file, 'utf8')).has(anchor)
      })
    expect(broken).toEqual([])
  })

  it('README links every page of docs/, and every page links another', () => {
    const readme = links(readFileSync('README.md', 'utf8'))
    for (const page of PAGES.filter((p) => p.startsWith('docs/'))) {
      expect(readme, page).toContain(page)
      expect(
        links(readFileSync(page, 'utf8')).some((t) => /^[a-z-]+\.md(#|$)/.test(t)),
        page,
      ).toBe(true)
    }
  })

  it("production.md's install keeps the server's packages, which are all development dependencies", () => {
    // npm omits devDependencies under NODE_ENV=production, which a container image often sets before installing.
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies?: object; devDependencies: object }
    expect(Object.keys(pkg.dependencies ?? {})).toEqual([])
    expect(pkg.devDependencies).toHaveProperty('hono')
    expect(readFileSync('docs/production.md', 'utf8')).toMatch(/^The server runs from a checkout[^]*?`npm ci --include=dev`/m)
  })

  it('finds broken links and long cells (the checks themselves)', () => {
    expect(anchors('# Your own words: `strings`\n## A b\n## A b')).toEqual(new Set(['your-own-words-strings', 'a-b', 'a-b-1']))
    expect(links('see [x](a.md#b) and `[y](z.md)`\n```\n[w](v.md)\n```')).toEqual(['a.md#b'])
    expect(cells(`| a | ${'x'.repeat(601)} |`).map((c) => c.length)).toEqual([1, 601])
  })
})
