/**
 * What `npm publish` would ship, from `npm pack --dry-run --json`: the built
 * script, module, chunks, types and manifest, the verifier (`./verify`),
 * README and LICENSE; never a
 * test, a fixture, a data folder, the server or the sources. Needs the build
 * (`npm test` builds first).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

interface Pack {
  files: { path: string }[]
}

const SHIPPED = [
  /^package\.json$/,
  /^README\.md$/,
  /^LICENSE$/,
  /^dist\/flex-portal\.js$/,
  /^dist\/flex-portal\.mjs$/,
  /^dist\/fp-[\w-]+\.js$/,
  /^dist\/esm\/[\w-]+\.mjs$/,
  /^dist\/types\/(src|contract)\/[\w/.-]+\.d\.ts$/,
  /^dist\/custom-elements\.json$/,
  /^dist\/verify\/[\w-]+\.(js|d\.ts)$/,
  // The verifier's one import: the contract's constants, which import nothing.
  /^dist\/contract\/constants\.(js|d\.ts)$/,
]

function packedFiles(): string[] {
  if (!existsSync('dist/flex-portal.mjs')) throw new Error('dist/ is missing: run `npm run build` first (`npm test` does).')
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
  const [pack] = JSON.parse(out) as Pack[]
  return pack.files.map((f) => f.path).sort()
}

describe('the npm package', () => {
  const files = packedFiles()
  const pkg = JSON.parse(readFileSync('package.json', 'utf8'))

  it('holds only what a user of the package needs', () => {
    expect(files.filter((path) => !SHIPPED.some((pattern) => pattern.test(path)))).toEqual([])
    for (const path of files) expect(path).not.toMatch(/(^|\/)(tests?|fixtures?|\.data|server|bench|demo|node_modules)(\/|$)|\.test\.|\.map$/)
  })

  it('holds every file its exports, main and types name, and the chunks beside the script', () => {
    const named = [
      pkg.main,
      pkg.module,
      pkg.types,
      pkg.customElements,
      ...Object.values(pkg.exports).flatMap((e) => (typeof e == 'string' ? [e] : Object.values(e as object))),
    ]
    for (const target of named) expect(files).toContain(String(target).replace(/^\.\//, ''))
    expect(files.some((path) => /^dist\/fp-.*\.js$/.test(path))).toBe(true)
    expect(files.some((path) => path.startsWith('dist/esm/'))).toBe(true)
  })

  it('is publishable, licensed, and asks users to install nothing beside it (the bundle carries React and the rest)', () => {
    expect(pkg.private).toBeUndefined()
    expect(pkg.license).toBe('MIT')
    expect(files).toContain('LICENSE')
    expect(pkg.dependencies ?? {}).toEqual({})
  })
})
