/**
 * The element descriptors' docs: what each element renders, its attributes'
 * docs, types and defaults, the events it dispatches and the CSS custom
 * properties it reads. From here, with ELEMENTS (descriptors.ts), come
 * dist/custom-elements.json (build/custom-elements.ts) and README's element,
 * attribute and event tables (build/readme-tables.ts, checked by
 * tests/build/descriptors.test.ts).
 *
 * Build time and tests only: nothing in src/ imports this file, so no doc
 * string ships. The stylesheet's class scan reads it too: a doc word that is
 * a utility class ("table", "ring") would add CSS, which a test forbids.
 */
import type { AttributeName, FlexEventName, FlexTag } from './descriptors'

export interface ElementDoc {
  /** One line: what it renders. */
  summary: string
  /** The events it dispatches on itself. */
  events: readonly FlexEventName[]
  /** Properties that are not attributes (set from script). */
  properties?: readonly { name: string; type: string; doc: string }[]
  slots?: readonly { name: string; doc: string }[]
  cssParts?: readonly { name: string; doc: string }[]
}

const SNIPPETS_PROPERTY = {
  name: 'snippets',
  type: 'HostSnippet[] | undefined',
  doc: "the host's own code templates ({ label, template }, same placeholders as <flex-snippet>), shown as tabs with copy in the reveal dialogs",
}

const LOGO_SLOT = {
  name: 'logo',
  doc: 'the host\'s own logo (`<img slot="logo">` or an SVG): it replaces the mark on the log-in and sign-up screens and sits at the start of the signed-in header',
}

const FETCH_SESSION_CODE_PROPERTY = {
  name: 'fetchSessionCode',
  type: '(() => Promise<string>) | undefined',
  doc: "signs the host's own user in: an async function that returns a single-use code from the host's backend (`POST /sessions`); the element never shows a log-in form then",
}

const STRINGS_PROPERTY = {
  name: 'strings',
  type: 'Record<string, string> | undefined',
  doc: "the host's own texts by message id ({ 'login.heading': 'Welcome back' }), partial and live, `{product}` and the message's parameters filled in; an unknown id or a value that is not a string is ignored with one console warning (README lists the ids)",
}

/** The rest of each element's descriptor: its summary and its events. */
export const ELEMENT_DOCS: Record<FlexTag, ElementDoc> = {
  'flex-portal': {
    summary: 'The whole product: a router over the log-in, sign-up, dashboard, project and profile routes, guards included.',
    events: [
      'flex-navigate',
      'flex-signed-in',
      'flex-signed-out',
      'flex-project-created',
      'flex-project-updated',
      'flex-project-deleted',
      'flex-key-created',
      'flex-key-deleted',
      'flex-key-rolled',
      'flex-key-updated',
      'flex-webhook-endpoint-created',
      'flex-webhook-endpoint-updated',
      'flex-webhook-endpoint-deleted',
      'flex-webhook-secret-rolled',
      'flex-password-reset',
      'flex-email-verified',
      'flex-account-deleted',
      'flex-member-invited',
      'flex-member-removed',
      'flex-invitation-accepted',
    ],
    properties: [SNIPPETS_PROPERTY, FETCH_SESSION_CODE_PROPERTY, STRINGS_PROPERTY],
    slots: [LOGO_SLOT],
  },
  'flex-login': {
    summary: 'The log-in screen alone.',
    events: ['flex-navigate', 'flex-signed-in', 'flex-signed-out', 'flex-password-reset'],
    properties: [FETCH_SESSION_CODE_PROPERTY, STRINGS_PROPERTY],
    slots: [LOGO_SLOT],
  },
  'flex-signup': {
    summary: 'The sign-up screen alone.',
    events: ['flex-navigate', 'flex-signed-in', 'flex-signed-out', 'flex-password-reset'],
    properties: [FETCH_SESSION_CODE_PROPERTY, STRINGS_PROPERTY],
    slots: [LOGO_SLOT],
  },
  'flex-projects': {
    summary: 'The dashboard (sidebar, user menu, the list of projects, dialogs) alone.',
    events: ['flex-navigate', 'flex-signed-in', 'flex-signed-out', 'flex-project-created'],
    properties: [SNIPPETS_PROPERTY, FETCH_SESSION_CODE_PROPERTY, STRINGS_PROPERTY],
    slots: [LOGO_SLOT],
  },
  'flex-project-detail': {
    summary: 'One project and its API keys.',
    events: [
      'flex-navigate',
      'flex-signed-in',
      'flex-signed-out',
      'flex-project-updated',
      'flex-project-deleted',
      'flex-key-created',
      'flex-key-deleted',
      'flex-key-rolled',
      'flex-key-updated',
      'flex-webhook-endpoint-created',
      'flex-webhook-endpoint-updated',
      'flex-webhook-endpoint-deleted',
      'flex-webhook-secret-rolled',
      'flex-member-invited',
      'flex-member-removed',
    ],
    properties: [SNIPPETS_PROPERTY, FETCH_SESSION_CODE_PROPERTY, STRINGS_PROPERTY],
  },
  'flex-snippet': {
    summary:
      "Wraps the host page's own code blocks and fills `{{projectId}}`, `{{apiProjectId}}` and `{{apiKey}}` in place, with a project and key picker shared by every snippet on the page.",
    events: ['flex-signed-in', 'flex-signed-out'],
    properties: [FETCH_SESSION_CODE_PROPERTY, STRINGS_PROPERTY],
    slots: [{ name: '', doc: "the host's code blocks, kept in the page's own DOM" }],
    cssParts: [{ name: 'bar', doc: 'the row under the code with the picker (or the log-in hint) and Copy' }],
  },
  'flex-webhooks': {
    summary: "One project's webhooks alone: its endpoints, each endpoint's delivery log with test events and resend, and the secret roll.",
    events: [
      'flex-signed-in',
      'flex-signed-out',
      'flex-webhook-endpoint-created',
      'flex-webhook-endpoint-updated',
      'flex-webhook-endpoint-deleted',
      'flex-webhook-secret-rolled',
    ],
    properties: [FETCH_SESSION_CODE_PROPERTY, STRINGS_PROPERTY],
  },
  'flex-request-log': {
    summary:
      "The signed-in developer's last calls to the API, for a docs page: time, key, method, route, status and duration, new calls appearing while the page is shown, each call's detail with its request id to give to support; empty, it shows how to make a first call with the developer's key.",
    events: ['flex-signed-in', 'flex-signed-out'],
    properties: [FETCH_SESSION_CODE_PROPERTY, STRINGS_PROPERTY],
  },
}

export interface AttributeDoc {
  /** What README and the manifest say it does. */
  doc: string
  /** The value used when the attribute is missing, as written in an attribute; none when it is simply off. */
  default?: string
  /** Its accepted values, when they are a fixed set (the manifest's type). */
  values?: readonly string[]
}

export const ATTRIBUTE_DOCS: Record<AttributeName, AttributeDoc> = {
  apiBase: { doc: 'base of the API calls', default: '/api' },
  router: {
    doc: '`hash`: routes live in `location.hash`; `memory`: routes stay inside the element, for hosts that own the hash, and are remembered for the tab in `sessionStorage` (`flex-route`: the route only, never a secret), so a reload comes back to the same screen',
    default: 'hash',
    values: ['hash', 'memory'],
  },
  theme: {
    doc: "colour scheme; `auto` follows the reader's system setting, live; `--flex-*` variables win over either",
    default: 'dark',
    values: ['dark', 'light', 'auto'],
  },
  docsUrl: {
    doc: `the sidebar's "API Documentation" link; by default the API reference the server serves, resolved against the page`,
    default: '{api-base}/docs',
  },
  quickstartUrl: { doc: `the sidebar's "Flex Quickstart Guide" link (its name follows \`product-name\`)`, default: '{api-base}/docs#quickstart' },
  sidebar: {
    doc: "`none`: no sidebar column, for hosts with their own navigation; its links move into the header beside the user menu (behind the header's menu button when the element is narrow)",
    values: ['none'],
  },
  forgotPasswordUrl: {
    doc: 'makes "Forgot your password?" a link; without it, a server with the accounts feature resets the password inside the element, any other leaves it inert',
  },
  profileUrl: {
    doc: 'makes "Your Profile" in the user menu a link; without it, `<flex-portal>` on a server with the accounts feature opens its profile screen (`#/profile`), otherwise it is inert',
  },
  settingsUrl: {
    doc: 'makes "Settings" in the user menu a link; without it, `<flex-portal>` on a server with the accounts feature opens its account settings (`#/settings`: password, sessions, deletion), otherwise it is inert',
  },
  signupUrl: { doc: 'where "Sign up" sends the reader (without it the element switches to sign-up inside itself)' },
  loginUrl: { doc: 'where "Log in" sends the reader (without it the element switches to log-in inside itself)' },
  projectId: {
    doc: "the project to show; without it, `<flex-project-detail>` reads the `projectid` query of the hash, and `<flex-request-log>` shows the project the page's `<flex-snippet>`s show (the one opened or created last on the page, else the newest)",
  },
  keyId: { doc: "only this key's calls (its API project ID, `apid_…`); without it, those of every key of the project" },
  limit: { doc: 'how many calls to show, 1–100', default: '10' },
  productName: {
    doc: 'the product\'s name in the texts that carry it ("Your Flex Projects", "Flex Projects", "Flex Quickstart Guide", the log-in logo\'s alt text "Flex logo"); one line of up to 40 characters',
    default: 'Flex',
  },
  envPrefix: {
    doc: 'the variable names of "Copy as .env" and of `{{env}}` in `<flex-snippet>`: `FLEX_API_KEY=…` becomes `ACME_API_KEY=…` (a letter, then up to 31 letters, digits or `_`, upper-cased; anything else reads as the default)',
    default: 'FLEX',
  },
  headingLevel: {
    doc: "the level of the element's top heading (1–6), the others following from it; the element renders no `<main>` (each screen is a region named by its heading), so a page that hosts it alone wraps it in its own `<main>` and sets 1",
    default: '2',
  },
  invitationUrl: {
    doc: "the host's own page that an invitation e-mail's link opens (`{invitation-url}?code=…`), for hosts that handle the link themselves (a `memory` router): a `<flex-portal>` on that page takes the code out of the address at once, has the reader log in or sign up, accepts and opens the project; without it the link opens the `#/invitations/accept` route",
  },
  sessionUrl: {
    doc: "signs the host's own user in without script: the element POSTs to this address (with the page's cookies) and reads `{ code }`; for the same use as `fetchSessionCode`, which wins when both are set",
  },
  hostSignIn: {
    doc: "declares that the host signs its user in by script (`fetchSessionCode` set after the portal's script, or during the page's load): the page's elements then wait for its load rather than show a log-in; without it, or `session-url`, or `fetchSessionCode` set before the script, they render while the script runs",
  },
}

/** When each event fires. Its detail type is FlexEventMap's (src/events.ts). */
export const EVENT_DOCS: Record<FlexEventName, string> = {
  'flex-signed-in':
    'a log-in or sign-up succeeded, or the host signed its user in (`fetchSessionCode`, `session-url`; a renewal after a 401 only when it brings another user)',
  'flex-signed-out': 'the user signed out (the access token is also revoked on the server, as a best effort), or the API answered 401',
  'flex-project-created': 'a project was created',
  'flex-project-updated': "a project's name or description was changed (servers with project settings)",
  'flex-project-deleted': 'a project was deleted, with its keys (servers with project settings)',
  'flex-key-created': 'an API key pair was created',
  'flex-key-deleted': 'an API key was deleted',
  'flex-key-rolled': 'an API key was rolled: a new key replaces it',
  'flex-key-updated': "an API key's name or expiry was changed",
  'flex-webhook-endpoint-created': 'a webhook endpoint was added',
  'flex-webhook-endpoint-updated': "a webhook endpoint's address, description or events were changed, or it was disabled or enabled",
  'flex-webhook-endpoint-deleted': 'a webhook endpoint was deleted',
  'flex-webhook-secret-rolled': "the project's webhook secret was rolled (the detail holds the project's id, never the secret)",
  'flex-navigate': 'before every navigation; cancelable (`preventDefault()` stops it)',
  'flex-password-reset': "the user set a new password with a mailed code and is signed in (detail: the user's id); servers with the accounts feature",
  'flex-email-verified': "the user's e-mail address was verified with a mailed code (detail: the user's id)",
  'flex-member-invited':
    "an invitation to the project was sent (detail: the project's and the invitation's ids, never the code); servers with the teams feature",
  'flex-member-removed': "a member was removed, an invitation revoked, or the user left the project (detail: the project's and the member's ids)",
  'flex-invitation-accepted': "the user accepted an invitation and joined the project (detail: the project's id, never the code)",
  'flex-account-deleted': 'the user deleted their account, its projects and keys (detail: the user id it had); `flex-signed-out` follows',
}

/** The theming API: every element reads these from itself or any ancestor. */
export const CSS_PROPERTIES: Record<`--flex-${string}`, string> = {
  '--flex-bg': 'page background',
  '--flex-surface': 'background of panels and tables',
  '--flex-raised': 'background of dialogs and menus',
  '--flex-border': 'borders and dividers',
  '--flex-input-border': 'the edges of text fields and selects (3:1 against the backgrounds)',
  '--flex-fg': 'text colour',
  '--flex-muted': 'secondary text colour',
  '--flex-accent': 'buttons and links',
  '--flex-accent-hover': 'buttons and links under the pointer',
  '--flex-accent-fg': 'text on accent-coloured buttons',
  '--flex-danger': 'error text and icons',
  '--flex-danger-bg': 'error banner background',
  '--flex-success': 'success text and icons',
  '--flex-success-bg': 'success notice background',
  '--flex-warning': 'one-time warning text and icons',
  '--flex-warning-bg': 'one-time warning background',
  '--flex-focus': 'the keyboard focus indicator',
  '--flex-radius': 'corner radius',
  '--flex-font': 'font family',
  '--flex-font-mono': 'font family of ids and keys',
}
