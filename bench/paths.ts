import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../', import.meta.url))
export const DIST_BUNDLE = fileURLToPath(new URL('../dist/flex-portal.js', import.meta.url))
export const RESULTS_FILE = fileURLToPath(new URL('../bench-results/latest.json', import.meta.url))
