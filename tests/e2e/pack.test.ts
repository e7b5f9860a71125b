import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { expect, test } from '@playwright/test'

// Not a browser test: it sits here because it builds the bundle once more
// (npm pack's prepack), which the unit suite's time cannot afford. What it
// guards: `npm pack` on a fresh clone ships dist/, not three files.
const ROOT = resolve(import.meta.dirname, '../..')

test('npm pack on a fresh clone builds first and ships the bundle, the module, its types and flex-portal/verify', async () => {
  test.setTimeout(300_000)
  const clone = mkdtempSync(join(tmpdir(), 'flex-pack-'))
  try {
    execFileSync('git', ['clone', '-q', ROOT, clone])
    symlinkSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'))
    const out = execFileSync('npm', ['pack', '--dry-run', '--json'], { cwd: clone, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    // prepack's build prints before npm's JSON answer.
    const [packed] = JSON.parse(out.slice(out.search(/^\[/m))) as Array<{ files: Array<{ path: string }> }>
    const files = packed.files.map((f) => f.path)
    for (const path of ['dist/flex-portal.js', 'dist/flex-portal.mjs', 'dist/verify/index.js', 'dist/verify/index.d.ts', 'dist/types/src/index.d.ts'])
      expect(files, path).toContain(path)
    expect(files.some((f) => /^dist\/fp-.*\.js$/.test(f))).toBe(true)
  } finally {
    rmSync(clone, { recursive: true, force: true })
  }
})
