/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside
 * every script the build writes, so the server (server/http/static.ts), or a
 * CDN or nginx with `gzip_static`/`brotli_static`, sends each browser the
 * smallest file it takes without compressing anything per request.
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

const isScript = (name: string) => /\.m?js$/.test(name)

/** The two copies of one file's content, beside it in `dir`. */
export async function writeCompressed(dir: string, fileName: string, content: string | Uint8Array): Promise<void> {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipAsync(bytes, { level: 9 }),
  ])
  await Promise.all([writeFile(join(dir, `${fileName}.br`), br), writeFile(join(dir, `${fileName}.gz`), gz)])
}

export function precompress(): Plugin {
  return {
    name: 'flex-precompress',
    apply: 'build',
    // After every plugin's generateBundle: the code is final.
    async writeBundle(options, bundle) {
      const dir = options.dir
      if (!dir) return
      await Promise.all(
        Object.values(bundle)
          .filter((file) => isScript(file.fileName))
          .map((file) => writeCompressed(dir, file.fileName, file.type === 'chunk' ? file.code : file.source)),
      )
    },
  }
}
