import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** The yardstick every size budget in the README uses: `gzip -9`. */
export const gzip9 = (data: string | Buffer): number => gzipSync(data, { level: 9 }).length

/** Brotli at its best quality, as a CDN would pre-compress a static file. */
export const brotli11 = (data: string | Buffer): number =>
  brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(data),
    },
  }).length

export const kB = (bytes: number): string => (bytes / 1000).toFixed(1)
