/**
 * Who each chunk's bytes belong to: for every script chunk (the bundled
 * languages apart), its minified bytes by source file, largest first, from a
 * build with source maps (bundle-build.ts, sourcemap.ts). Where to look when a
 * path nears its budget. Run: `npx tsx bench/chunk-sources.ts [min bytes] [chunk name part]`
 * (sources under the minimum, 400 bytes unless given, are summed in one line).
 *
 * The chunks the script inlines are still files of their own here, and the
 * classic-chunk rewrite is left out (it would shift the map), so the figures
 * are of the bundler's output, a little larger than dist/'s.
 */
import { escapeNonAscii } from '../build/ascii-only'
import { buildBundle } from './bundle-build'
import { gzip9, kB } from './compress'
import { splitBySource } from './sourcemap'

const min = Number(process.argv[2] ?? 400)
const only = process.argv[3]

const built = await buildBundle({ sourcemap: true })
for (const file of built.files.filter((f) => !/^fp-locale-/.test(f.name) && (!only || f.name.includes(only)))) {
  if (!file.map) continue
  const code = escapeNonAscii(file.code)
  console.log(`\n${file.name}: ${Buffer.byteLength(code)} B min, ${kB(gzip9(code))} kB gzip -9`)
  const rows = [...splitBySource(file.code, file.map)]
    .map(([index, texts]) => ({
      name: index < 0 ? '(bundler)' : file.map!.sources[index].replace(/^.*?\b(node_modules\/|src\/)/, '$1'),
      bytes: Buffer.byteLength(escapeNonAscii(texts.join(''))),
    }))
    .sort((a, b) => b.bytes - a.bytes)
  const small = rows.filter((r) => r.bytes < min)
  for (const r of rows.filter((r) => r.bytes >= min)) console.log(`  ${String(r.bytes).padStart(7)}  ${r.name}`)
  if (small.length > 0) console.log(`  ${String(small.reduce((n, r) => n + r.bytes, 0)).padStart(7)}  (${small.length} sources under ${min} B)`)
}
