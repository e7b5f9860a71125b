import { fileURLToPath } from 'node:url'

/** The repository root: where `npm start` runs. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
/** The script-tag bundle the demo pages load; `npm run test:e2e` builds it first. */
export const BUNDLE = fileURLToPath(new URL('../../../dist/flex-portal.js', import.meta.url))
export const DIST_DIR = fileURLToPath(new URL('../../../dist/', import.meta.url))
/** Screenshots for people to look at (gitignored). */
export const ARTIFACTS = fileURLToPath(new URL('../../../test-artifacts/e2e/', import.meta.url))
export const AXE = fileURLToPath(new URL('../../../node_modules/axe-core/axe.min.js', import.meta.url))
