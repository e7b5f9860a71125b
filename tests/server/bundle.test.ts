import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { BUNDLE, ensureBundle } from '../../server/bundle'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flex-bundle-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('ensureBundle (npm start on a fresh clone)', () => {
  it('points at dist/flex-portal.js by default', () => {
    expect(BUNDLE).toMatch(/[/\\]dist[/\\]flex-portal\.js$/)
  })

  it('does nothing when the bundle exists', async () => {
    const bundle = join(dir, 'flex-portal.js')
    await writeFile(bundle, '')
    const lines: string[] = []
    await ensureBundle((l) => lines.push(l), { bundle, command: [process.execPath, '-e', 'process.exit(3)'] })
    expect(lines).toEqual([])
  })

  it('runs the build when the bundle is missing', async () => {
    const bundle = join(dir, 'flex-portal.js')
    const lines: string[] = []
    await ensureBundle((l) => lines.push(l), {
      bundle,
      cwd: dir,
      command: [process.execPath, '-e', "require('fs').writeFileSync('flex-portal.js', '')"],
    })
    expect(existsSync(bundle)).toBe(true)
    expect(lines).toEqual([expect.stringContaining('is missing: running')])
  })

  it('fails clearly when the build fails', async () => {
    await expect(
      ensureBundle(() => {}, { bundle: join(dir, 'flex-portal.js'), cwd: dir, command: [process.execPath, '-e', 'process.exit(2)'] }),
    ).rejects.toThrow(/failed \(exit code 2\); the demo pages need .*flex-portal\.js\./)
  })
})
