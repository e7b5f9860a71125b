/**
 * server/main.ts bundled once per test run into one ESM file, which spawned
 * servers run with plain `node` (server-process.ts). Packages stay outside the
 * bundle and resolve from the project's node_modules, as under `npm start`.
 */
import { build, type Plugin } from 'esbuild'
import { readFile } from 'node:fs/promises'
import { fileURLToPath, pathToFileURL } from 'node:url'

// The server finds its migrations, pages and assets next to its own modules
// (`new URL(…, import.meta.url)`): in the bundle each module keeps the URL of
// its source file.
const sourceUrls: Plugin = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /[\\/]server[\\/].*\.ts$/ }, async (args) => ({
      contents: (await readFile(args.path, 'utf8')).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      loader: 'ts',
    }))
  },
}

/** Bundles server/main.ts to `outfile`, which must lie inside ROOT so that its packages resolve. */
export async function buildServerEntry(outfile: string): Promise<void> {
  await build({
    entryPoints: [fileURLToPath(new URL('../../server/main.ts', import.meta.url))],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    plugins: [sourceUrls],
    logLevel: 'silent',
  })
}
