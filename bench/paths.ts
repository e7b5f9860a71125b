import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../', import.meta.url))
export const DIST_DIR = fileURLToPath(new URL('../dist/', import.meta.url))
/** The classic script a host adds. */
export const SCRIPT = 'flex-portal.js'
