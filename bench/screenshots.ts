/**
 * Screenshots for a designer's review, not a test (CI does not run it): every
 * screen and dialog of the three demo pages (index.html's whole portal,
 * docs.html, existing.html signed out and signed in to Northwind) on a phone
 * (375 px, mobile emulation), at 1280 and at 1920 px, in English, German,
 * Japanese and Arabic (right to left, English texts); and a team's screens:
 * Members with its row menu and the transfer dialog, Activity, a viewer's
 * project, a removed member's, and an invited account's dashboard. Needs a build:
 *
 *   npm run build && SCREENSHOTS_DIR=/tmp/shots npx tsx bench/screenshots.ts
 *
 * SCREENSHOTS_DIR must lie outside the repository; it gets one PNG per screen
 * and an index.html contact sheet. SCREENS=login,project picks some screens.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { chromium, type BrowserContextOptions, type Page } from 'playwright-core'
import { CATALOG } from '../src/i18n/en'
import de from '../src/i18n/locales/de'
import ja from '../src/i18n/locales/ja'
import { startInbox } from '../tests/support/smtp'
import { callApi, createAccount, verifyAccount, type Account } from '../tests/e2e/harness/api'
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/harness/chromium'
import { removeDataDir, startServer } from '../tests/e2e/harness/server'
import { ROOT } from './paths'

const OUT = resolve(process.env.SCREENSHOTS_DIR ?? '')
if (!process.env.SCREENSHOTS_DIR || !relative(ROOT, OUT).startsWith('..')) throw new Error('Set SCREENSHOTS_DIR to a folder outside the repository.')
const PICK = process.env.SCREENS?.split(',')

const SIZES: Record<string, BrowserContextOptions> = {
  phone: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  '1280': { viewport: { width: 1280, height: 800 } },
  '1920': { viewport: { width: 1920, height: 1080 } },
}
const LANGS = ['en', 'de', 'ja', 'ar'] as const
type Lang = (typeof LANGS)[number]
const TEXTS: Record<Lang, Record<string, unknown>> = { en: {}, de, ja, ar: {} }
const SERVICE_TOKEN = 'a-service-token-for-screenshots'
const SCOPES = [
  { name: 'forecast:read', description: 'Read forecasts for any city', group: 'Forecasts', access: 'read' },
  { name: 'alerts:read', description: 'Read weather alerts', group: 'Alerts', access: 'read' },
  { name: 'alerts:write', description: 'Subscribe to and cancel alerts', group: 'Alerts', access: 'write' },
]
const TAGS = 'flex-portal, flex-projects, flex-project-detail, flex-login, flex-signup, flex-snippet'

/** Every element of ours in `lang` (Arabic right to left), then waits for the text of `id` in it. */
async function speak(page: Page, lang: Lang, id: keyof typeof CATALOG): Promise<void> {
  await page.evaluate(
    ({ lang, tags }) => {
      for (const el of document.querySelectorAll(tags)) {
        el.setAttribute('lang', lang)
        el.setAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr')
      }
    },
    { lang, tags: TAGS },
  )
  const text = (TEXTS[lang][id] ?? CATALOG[id]) as string
  await page.getByText(text, { exact: true }).filter({ visible: true }).first().waitFor()
  // Two frames: the tables' measuring and fitting have settled.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
}

/** One screen: its steps in English, then the language and the picture. */
interface Screen {
  name: string
  /** The page and hash to open, signed in unless `signedOut`. */
  url: string
  signedOut?: boolean
  /** Signed in to Northwind (existing.html) as this user, by its demo cookie. */
  northwind?: string
  /** Steps before the picture (in English); `ready` a text id shown once it is done. */
  steps?: (page: Page) => Promise<void>
  ready: keyof typeof CATALOG
  full?: boolean
  /** Only at these sizes (a phone shows keys as cards, with no row menu). */
  sizes?: string[]
  /** Signed in as the team's viewer instead of the project's owner. */
  asViewer?: boolean
  /** Signed in with the token this answers (made afresh for each picture) instead. */
  signIn?: () => Promise<string>
}

/** What the team's screens need of the staged server. */
interface Team {
  /** A new member of the project: their token, and their removal. */
  member(): Promise<{ token: string; remove(): Promise<void> }>
  /** The token of a new account of host sign-in whose address its provider has not confirmed, owner of its own Weather API. */
  hostUnverified(): Promise<string>
}

const click = (page: Page, role: 'button' | 'link', name: string | RegExp) =>
  page
    .getByRole(role, { name, exact: typeof name === 'string' })
    .filter({ visible: true })
    .first()
    .click()

function screens(projectId: string, team: Team): Screen[] {
  const project = `#/projects?projectid=${encodeURIComponent(projectId)}`
  const onProject = async (page: Page) => void (await page.getByRole('heading', { name: 'Weather API' }).first().waitFor())
  /** The project page scrolled to one of its sections, once that section's chunk has drawn it. */
  const toSection = (heading: string) => async (page: Page) => {
    await onProject(page)
    const section = page.getByRole('heading', { name: heading, exact: true }).filter({ visible: true }).first()
    await section.waitFor()
    await section.scrollIntoViewIfNeeded()
  }
  /** Makes the clipboard refuse, then copies the first key's API Project ID from its row. */
  const refuseCopy = async (p: Page) => {
    // As a string: tsx's helpers do not exist in the page.
    await p.evaluate(`Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } })`)
    const copy = p
      .getByRole('button', { name: /^Copy API Project ID / })
      .filter({ visible: true })
      .first()
    await copy.scrollIntoViewIfNeeded()
    await copy.click()
    await p.mouse.move(0, 0)
  }
  /** On existing.html, the Weather API team's project in the host's detail element (its invitation accepted the first time), at one section. */
  const northwindSection = (heading: string) => async (p: Page) => {
    const projects = p.locator('flex-projects')
    const accept = projects.getByRole('button', { name: 'Accept the invitation to Weather API' })
    const link = projects.getByRole('link', { name: 'Weather API' })
    // The invitation until it is accepted, the project after: whichever the list shows once it has loaded.
    await accept.or(link).first().waitFor()
    await ((await accept.count()) ? accept : link.first()).click()
    const section = p.locator('flex-project-detail').getByRole('heading', { name: heading, exact: true })
    await section.waitFor()
    await section.scrollIntoViewIfNeeded()
  }
  const toDocsKeys = async (p: Page) => {
    await click(p, 'link', 'Weather API')
    await toSection('API keys')(p)
  }
  /** The Create dialog with a name, an address and custom access with one scope. */
  const createKey = (to: (p: Page) => Promise<void>) => async (p: Page) => {
    await to(p)
    await click(p, 'button', 'Create')
    const dialog = p.getByRole('dialog', { name: 'Create API key' })
    await dialog.getByLabel('Key name (optional)').fill('Reporting dashboard')
    await dialog.getByRole('radio', { name: /^Custom/ }).check()
    await dialog.getByRole('checkbox').first().check()
    await dialog.getByLabel('Allowed IP addresses').fill('203.0.113.0/24')
  }
  const memberMenu = async (page: Page) => {
    await toSection('Members')(page)
    await click(page, 'button', 'Actions for Linus Torvalds')
  }
  return [
    { name: 'members', url: `index.html${project}`, steps: toSection('Members'), ready: 'members.heading' },
    { name: 'member-menu', url: `index.html${project}`, steps: memberMenu, ready: 'members.makeOwner', sizes: ['1280', '1920'] },
    {
      name: 'transfer',
      url: `index.html${project}`,
      steps: async (p) => {
        await memberMenu(p)
        await p.getByRole('menuitem', { name: 'Make owner' }).click()
      },
      ready: 'transfer.title',
      sizes: ['1280', '1920'],
    },
    { name: 'activity', url: `index.html${project}`, steps: toSection('Activity'), ready: 'activity.heading' },
    {
      name: 'requests',
      url: `index.html${project}`,
      steps: async (p) => {
        await toSection('Requests')(p)
        await p.getByRole('combobox', { name: 'Duration' }).filter({ visible: true }).first().selectOption('500')
        // The filtered calls, not the grey rows shown while they come.
        await p
          .getByRole('button', { name: /^Details of / })
          .filter({ visible: true })
          .first()
          .waitFor()
      },
      ready: 'requests.heading',
    },
    { name: 'view-only', url: `index.html${project}`, asViewer: true, steps: onProject, ready: 'project.viewOnly' },
    // Its own project's Members, where Invite would be: the server would refuse it (HOST_EMAIL_UNVERIFIED).
    {
      name: 'members-host-unverified',
      url: 'index.html#/dashboard',
      signIn: () => team.hostUnverified(),
      steps: async (p) => {
        await click(p, 'link', 'Weather API')
        await toSection('Members')(p)
      },
      ready: 'members.hostUnverified',
    },
    (() => {
      // Removed while the dashboard still lists the project, which the member then opens.
      let removal: (() => Promise<void>) | undefined
      return {
        name: 'removed',
        url: 'index.html#/dashboard',
        signIn: async () => {
          const { token, remove } = await team.member()
          removal = remove
          return token
        },
        steps: async (page: Page) => {
          const link = page.getByRole('link', { name: 'Weather API' }).filter({ visible: true }).first()
          await link.waitFor()
          await removal?.()
          await link.click()
        },
        ready: 'project.noAccess.heading',
      } satisfies Screen
    })(),
    { name: 'invited-dashboard', url: 'index.html#/dashboard', asViewer: true, ready: 'pending.heading' },
    { name: 'login', url: 'index.html#/login', signedOut: true, ready: 'login.heading' },
    { name: 'signup', url: 'index.html#/signup', signedOut: true, ready: 'signup.heading' },
    { name: 'dashboard', url: 'index.html#/dashboard', ready: 'projects.add' },
    {
      // The list that cannot reach the server: the widget's own words for it, in the reader's language.
      name: 'dashboard-offline',
      url: 'index.html#/dashboard',
      steps: async (p) => {
        await p.route(/\/manage\/dapp\/owner/, (r) => r.abort())
        await p.reload()
      },
      ready: 'error.network',
    },
    { name: 'add-project', url: 'index.html#/dashboard', steps: (p) => click(p, 'button', '+ Add New Project'), ready: 'projects.add.title' },
    { name: 'user-menu', url: 'index.html#/dashboard', steps: (p) => click(p, 'button', /user menu/i), ready: 'projects.add' },
    { name: 'project', url: `index.html${project}`, steps: onProject, ready: 'keys.heading', full: true },
    // The key dialog of a server with a scope catalog, its custom access open: each demo page's.
    { name: 'create-key', url: `index.html${project}`, steps: createKey(onProject), ready: 'keyAccess.scopes' },
    { name: 'docs-create-key', url: 'docs.html', steps: createKey(toDocsKeys), ready: 'keyAccess.scopes' },
    {
      name: 'existing-create-key',
      url: 'existing.html',
      northwind: 'Grace Northwind',
      steps: createKey(northwindSection('API keys')),
      ready: 'keyAccess.scopes',
    },
    {
      name: 'key-menu',
      url: `index.html${project}`,
      steps: async (p) => {
        await onProject(p)
        await click(p, 'button', /^Actions for key Staging server/)
      },
      ready: 'keys.heading',
      sizes: ['1280', '1920'],
    },
    // A refused clipboard (an insecure page, a denied permission): the row's copy button says so, on each demo page.
    {
      name: 'copy-refused',
      url: `index.html${project}`,
      steps: async (p) => {
        await onProject(p)
        await refuseCopy(p)
      },
      ready: 'keys.heading',
      sizes: ['phone', '1280'],
    },
    {
      name: 'docs-copy-refused',
      url: 'docs.html',
      steps: async (p) => {
        await toDocsKeys(p)
        await refuseCopy(p)
      },
      ready: 'keys.heading',
      sizes: ['phone', '1280'],
    },
    {
      name: 'existing-copy-refused',
      url: 'existing.html',
      northwind: 'Grace Northwind',
      steps: async (p) => {
        await northwindSection('API keys')(p)
        await refuseCopy(p)
      },
      ready: 'keys.heading',
      sizes: ['phone', '1280'],
    },
    {
      name: 'add-endpoint',
      url: `index.html${project}`,
      steps: async (p) => {
        await onProject(p)
        await click(p, 'button', 'Add endpoint')
      },
      ready: 'webhooks.addEndpoint',
    },
    { name: 'docs', url: 'docs.html', ready: 'projects.add', full: true },
    // The team inside the docs page's portal (its router is in memory: the project opens by its link).
    {
      name: 'docs-team',
      url: 'docs.html',
      steps: async (p) => {
        await click(p, 'link', 'Weather API')
        await toSection('Members')(p)
      },
      ready: 'members.heading',
    },
    { name: 'existing-signed-out', url: 'existing.html', signedOut: true, ready: 'login.heading', full: true },
    // Signed in to Northwind: its own account (not the staged one), with the projects it has.
    { name: 'existing-northwind', url: 'existing.html', northwind: 'Ada Lovelace', ready: 'projects.add', full: true },
    // A Northwind user invited to the team: the invitation on the host's page, then (accepted the first time) the team in its detail element.
    { name: 'existing-invited', url: 'existing.html', northwind: 'Ada Lovelace', ready: 'pending.heading', full: true },
    { name: 'existing-team', url: 'existing.html', northwind: 'Grace Northwind', steps: northwindSection('Members'), ready: 'members.heading' },
    // The project's calls in the host's own layout: the section and its filters in the detail element.
    { name: 'existing-requests', url: 'existing.html', northwind: 'Grace Northwind', steps: northwindSection('Requests'), ready: 'requests.heading' },
    // The same inside the docs page's portal.
    {
      name: 'docs-requests',
      url: 'docs.html',
      steps: async (p) => {
        await click(p, 'link', 'Weather API')
        await toSection('Requests')(p)
      },
      ready: 'requests.heading',
    },
    // The key shown once, after Create: last, since each picture adds a key to the project (12 more, under its limit of 20).
    {
      name: 'key-created',
      url: `index.html${project}`,
      steps: async (p) => {
        await createKey(onProject)(p)
        await p.getByRole('dialog', { name: 'Create API key' }).getByRole('button', { name: 'Create key', exact: true }).click()
      },
      ready: 'keys.new.title',
    },
  ]
}

async function main() {
  mkdirSync(OUT, { recursive: true })
  const inbox = await startInbox()
  // Every screen signs in as the same account and loads its pages afresh: the per-user and per-address limits would refuse the later ones.
  // A scope catalog, so keys have restrictions to choose in the key dialog.
  const catalog = join(OUT, 'scopes.json')
  writeFileSync(catalog, JSON.stringify(SCOPES))
  const server = await startServer({
    env: {
      SERVICE_TOKEN,
      KEY_SCOPES_FILE: catalog,
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      SMTP_URL: inbox.url,
      RATE_LIMIT_PER_USER: '1000000',
      RATE_LIMIT_PER_ADDRESS: '1000000',
    },
  })
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  const shots: string[] = []
  try {
    /** An account whose address is verified with the mailed code (inviting, and being invited, need one). */
    const verified = async (name?: string): Promise<Account> => {
      const a = await createAccount(server.origin, name)
      await verifyAccount(server.origin, a, /^\s+(\d{10})\s*$/m.exec((await inbox.next(a.email)).text ?? '')![1])
      return a
    }
    const account = await verified('Ada Lovelace')
    const api = <T>(method: string, path: string, body?: unknown) => callApi<T>(server.origin, method, path, account.accessToken, body)
    /** Invites `who` to the project as `role`; with `accept`, they join. */
    const invite = async (projectId: string, who: Account, role: string, accept = true) => {
      await api('POST', `/manage/dapp/${projectId}/members`, { email: who.email, role })
      const code = /\bfxi_[\w-]+/.exec((await inbox.next(who.email)).text ?? '')![0]
      if (accept) await callApi(server.origin, 'POST', '/invitations/accept', who.accessToken, { code })
    }
    const project = await api<{ id: string; apiKey: Record<string, string> }>('POST', '/manage/dapp', {
      name: 'Weather API',
      description: 'Forecasts and alerts for the mobile apps.',
    })
    const payments = await api<{ id: string }>('POST', '/manage/dapp', { name: 'Payments and Refunds API', description: 'Charges, refunds and payouts.' })
    const [[prodId]] = Object.entries(project.apiKey)
    await api('PATCH', `/manage/dapp/${project.id}/api-key/${prodId}`, { name: 'Production' })
    const keyIds = [prodId]
    // A test key too, so the keys table offers its live/test filter.
    for (const body of [{ name: 'Staging server' }, { name: 'Local development', mode: 'test' }])
      keyIds.push(Object.keys(await api<Record<string, string>>('POST', `/manage/dapp/${project.id}/api-key`, body))[0])
    await api('POST', `/manage/dapp/${project.id}/api-key/${prodId}/roll`, { graceSeconds: 86_400 })
    // The calls the keys made, as a provider's middleware reports them: the Requests section's rows.
    const now = Date.now()
    const calls = [
      ['GET', '/v1/forecast/:city'],
      ['GET', '/v1/alerts'],
      ['POST', '/v1/alerts/subscriptions'],
      ['DELETE', '/v1/alerts/subscriptions/:id'],
    ]
    const entries = Array.from({ length: 24 }, (_, i) => ({
      requestId: `req_${(now - i * 97_000).toString(36)}`,
      keyId: keyIds[i % 2],
      method: calls[i % calls.length][0],
      route: calls[i % calls.length][1],
      status: i % 7 === 3 ? 500 : i % 5 === 2 ? 404 : i % 4 === 2 ? 201 : 200,
      durationMs: [38, 120, 640, 1450, 72, 18][i % 6],
      at: new Date(now - i * 97_000).toISOString(),
    }))
    const logs = await fetch(`${server.origin}/api/logs`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${SERVICE_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ entries }),
    })
    if (logs.status !== 202) throw new Error(`POST /api/logs: ${logs.status}`)
    await api('POST', `/manage/dapp/${project.id}/webhooks`, { url: 'http://127.0.0.1:9/hooks/weather', description: 'Alert relay' })
    // The team: a developer made admin, a viewer with an invitation waiting to the other project, one removed.
    const memberId = async (who: Account) =>
      (await api<{ id: string; email: string }[]>('GET', `/manage/dapp/${project.id}/members`)).find((m) => m.email === who.email)!.id
    const linus = await verified('Linus Torvalds')
    const grace = await verified('Grace Hopper')
    const sam = await verified('Sam Altman')
    await invite(project.id, linus, 'developer')
    await invite(project.id, grace, 'viewer')
    await invite(project.id, sam, 'developer')
    await invite(payments.id, grace, 'developer', false)
    await api('PATCH', `/manage/dapp/${project.id}/members/${await memberId(linus)}`, { role: 'admin' })
    await api('DELETE', `/manage/dapp/${project.id}/members/${await memberId(sam)}`)
    // Northwind's users, by the addresses its demo sends (server/demo/northwind.ts): invited, to accept on existing.html.
    await api('POST', `/manage/dapp/${payments.id}/members`, { email: 'ada.lovelace@northwind.example', role: 'developer' })
    await api('POST', `/manage/dapp/${project.id}/members`, { email: 'grace.northwind@northwind.example', role: 'developer' })
    let hostAccounts = 0
    const team: Team = {
      async member() {
        const who = await verified('Sam Altman')
        await invite(project.id, who, 'developer')
        const id = await memberId(who)
        return { token: who.accessToken, remove: () => api('DELETE', `/manage/dapp/${project.id}/members/${id}`) }
      },
      async hostUnverified() {
        const post = async <T>(path: string, token: string | undefined, body: unknown) => {
          const res = await fetch(`${server.origin}/api${path}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
            body: JSON.stringify(body),
          })
          if (!res.ok) throw new Error(`POST ${path}: ${res.status}`)
          return (await res.json()) as T
        }
        const externalId = `screenshots:${++hostAccounts}`
        const { code } = await post<{ code: string }>('/sessions', SERVICE_TOKEN, {
          externalId,
          name: 'Ada Lovelace',
          email: `${externalId.replace(':', '-')}@host.example`,
          emailVerified: false,
        })
        const device = await post<{ accessToken: string }>('/device', undefined, { deviceUDID: 'screenshots', deviceType: 'WEB' })
        const { accessToken } = await post<{ accessToken: string }>('/auth/exchange', device.accessToken, { code })
        await callApi(server.origin, 'POST', '/manage/dapp', accessToken, { name: 'Weather API' })
        return accessToken
      },
    }

    for (const [size, options] of Object.entries(SIZES)) {
      for (const lang of LANGS) {
        for (const screen of screens(project.id, team).filter((s) => (!PICK || PICK.includes(s.name)) && (!s.sizes || s.sizes.includes(size)))) {
          const context = await browser.newContext({ ...options, baseURL: server.url })
          if (!screen.signedOut)
            await context.addInitScript(
              (body) => localStorage.setItem('accessData', body),
              JSON.stringify({ accessToken: screen.signIn ? await screen.signIn() : screen.asViewer ? grace.accessToken : account.accessToken }),
            )
          if (screen.northwind) await context.addCookies([{ name: 'northwind_user', value: encodeURIComponent(screen.northwind), url: server.url }])
          const page = await context.newPage()
          const file = `${screen.name}-${size}-${lang}.png`
          try {
            await page.goto(screen.url)
            await screen.steps?.(page)
            await speak(page, lang, screen.ready)
            await page.screenshot({ path: join(OUT, file), fullPage: screen.full })
            shots.push(file)
            console.log(file)
          } catch (err) {
            console.error(`${file}: ${(err as Error).message.split('\n')[0]}`)
          } finally {
            await context.close()
          }
        }
      }
    }
  } finally {
    await browser.close()
    await server.stop()
    await removeDataDir(server.dataDir)
    await inbox.close()
  }
  writeFileSync(
    join(OUT, 'index.html'),
    `<!doctype html><meta charset="utf-8"><title>Screens</title><style>body{font:14px system-ui;margin:16px}div{display:flex;flex-wrap:wrap;gap:16px}img{width:240px;border:1px solid #ccc}</style>
<div>${shots.map((f) => `<figure><a href="${f}"><img src="${f}" alt="${f}" loading="lazy"></a><figcaption>${f}</figcaption></figure>`).join('')}</div>`,
  )
}

await main()
