/**
 * `npx tsx bench/floating-ui-cost.ts`: what each @floating-ui/react export
 * that src/ imports costs, gzip -9. Builds the set src/ uses (React external,
 * minified as the release is), then the set without each export in turn; the
 * difference is what dropping that one export would save.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'vite'
import { gzip9 } from './compress'
import { ROOT } from './paths'

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [readFileSync(path, 'utf8')] : []
  })
}

/** Every name imported from '@floating-ui/react' anywhere in src/. */
function usedExports(): string[] {
  const names = new Set<string>()
  for (const text of sources(join(ROOT, 'src'))) {
    for (const m of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"]@floating-ui\/react['"]/g)) {
      for (const part of m[1].split(',')) {
        const name = part.trim()
        if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0])
      }
    }
  }
  return [...names].sort()
}

async function floatingSize(names: string[]): Promise<number> {
  if (names.length === 0) return 0
  // Inside the project, so that the entry resolves node_modules.
  const base = join(ROOT, 'node_modules/.cache/flex-bench')
  mkdirSync(base, { recursive: true })
  const dir = mkdtempSync(join(base, 'fui-'))
  try {
    const entry = join(dir, 'entry.js')
    writeFileSync(entry, `import { ${names.join(', ')} } from '@floating-ui/react'\nwindow.keep = [${names.join(', ')}]\n`)
    await build({
      configFile: false,
      root: ROOT,
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: join(dir, 'out'),
        target: 'es2022',
        minify: true,
        lib: { entry, formats: ['es'], fileName: () => 'out.js' },
        rolldownOptions: { external: ['react', 'react-dom', 'react/jsx-runtime'] },
      },
    })
    return gzip9(readFileSync(join(dir, 'out', 'out.js')))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function main() {
  const used = usedExports()
  const all = await floatingSize(used)
  console.log(`@floating-ui/react exports used by src/: ${used.join(', ')}`)
  console.log(`all of them, alone: ${(all / 1000).toFixed(1)} kB gzip -9 (React external)\n`)
  console.log('saved by dropping one:')
  for (const name of used) console.log(`  ${name.padEnd(24)} ${((all - (await floatingSize(used.filter((n) => n !== name)))) / 1000).toFixed(2)} kB`)
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
