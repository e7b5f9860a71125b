/**
 * Product constants (spec §9) and the defaults for what a host may override.
 * The sidebar defaults point at the documentation page the reference server
 * ships (`/docs.html`); a host sets `quickstart-url` / `docs-url` for its own.
 */
export const DEFAULT_QUICKSTART_URL = '/docs.html#quickstart'
export const DEFAULT_DOCS_URL = '/docs.html#api'

/** How long the 'Successfully copied' notice stays (spec §9). */
export const COPY_NOTICE_MS = 1000
