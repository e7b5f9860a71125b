/**
 * `npx tsx bench/minify-compare.ts`: the script-tag bundle under other
 * minifier and target settings, gzip -9 and brotli, to back (or refute) a
 * change of vite.config.ts. Terser is tried in oxc's place (the build runs it
 * only as a second pass over oxc's output, build/second-minify.ts); another
 * version of it can be tried from TERSER_DIR=<dir>.
 */
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { InlineConfig } from 'vite'
import { buildBundle } from './bundle-build'
import { brotli11, gzip9, kB } from './compress'
import { ROOT } from './paths'

type Overrides = NonNullable<InlineConfig['build']>

const VARIANTS: Record<string, Overrides> = {
  'oxc (current config)': {},
  'oxc, target esnext': { target: 'esnext' },
  'oxc, treeshake propertyReadSideEffects: false': { rolldownOptions: { treeshake: { propertyReadSideEffects: false } } },
  'oxc, compress maxIterations 10': { rolldownOptions: { output: { minify: { compress: { target: 'es2022', maxIterations: 10 }, mangle: true } } } },
}

type Terser = { minify: (code: string, opts: object) => Promise<{ code?: string }> }

function findTerser(): Terser | undefined {
  for (const dir of [process.env.TERSER_DIR, ROOT].filter(Boolean) as string[]) {
    try {
      return createRequire(join(dir, 'package.json'))('terser') as Terser
    } catch {
      // not there
    }
  }
  return undefined
}

async function main() {
  const report = (name: string, code: string) =>
    console.log(
      `${name.padEnd(50)} ${kB(Buffer.byteLength(code)).padStart(7)} kB  gzip -9 ${kB(gzip9(code)).padStart(6)} kB  brotli ${kB(brotli11(code)).padStart(6)} kB`,
    )
  for (const [name, overrides] of Object.entries(VARIANTS)) report(name, (await buildBundle(overrides)).code)
  const terser = findTerser()
  if (!terser) return console.log('terser: not installed (see the header of this file)')
  const unminified = (await buildBundle({ minify: false })).code
  for (const passes of [1, 3]) {
    const out = await terser.minify(unminified, { ecma: 2020, compress: { passes, ecma: 2020 }, mangle: true, format: { comments: false } })
    report(`terser, ${passes} pass${passes > 1 ? 'es' : ''}`, out.code ?? '')
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
