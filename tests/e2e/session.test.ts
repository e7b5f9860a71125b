/**
 * The session against the real server: sign-out revokes the access token,
 * a device token the server has forgotten is replaced unseen, and the
 * sign-up form states the password rule and shows the server's refusal.
 */
import { describe, expect, it } from 'vitest'
import { createAccount, freshEmail } from './harness/api'
import { accessDataRaw, heading, logIn, signOut, signUp, TEXT } from './harness/screens'
import { expectNoProblems, useSuite } from './harness/suite'
import { expectVisible, waitUntil } from './harness/wait'

// Its own server: one test starts it again on an empty database.
const suite = useSuite({ ownServer: true })

const ownerCall = (origin: string, token: string) =>
  fetch(`${origin}/api/manage/dapp/owner`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.status)

describe('session', () => {
  it('sign-out revokes the access token on the server and clears storage', async () => {
    const origin = suite.server.origin
    const account = await createAccount(origin)
    const { context, problems } = await suite.context()
    const page = await context.newPage()
    await page.goto('/#/login')
    await logIn(page, account)
    await expectVisible(heading(page, TEXT.dashboardHeading))
    const token = JSON.parse((await accessDataRaw(page)) ?? '{}').accessToken as string
    expect(await ownerCall(origin, token)).toBe(200)

    const loggedOut = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout'))
    await signOut(page)
    expect((await loggedOut).status()).toBe(204)
    await expectVisible(heading(page, TEXT.logInHeading))
    expect(await accessDataRaw(page)).toBeNull()
    // A copy of the token (a stolen one, a forgotten tab) no longer opens anything.
    expect(await ownerCall(origin, token)).toBe(401)
    expectNoProblems(problems)
  })

  it('a device token the server has forgotten is replaced once and the log-in goes through, unseen', async () => {
    const { context, problems } = await suite.context()
    const page = await context.newPage()
    const firstDevice = page.waitForResponse((r) => r.url().endsWith('/api/device'))
    await page.goto('/#/login')
    await firstDevice
    // The server comes back with an empty database: the page's device token is unknown now.
    await suite.restartServer({ freshData: true })
    const account = await createAccount(suite.server.origin)

    const statuses: string[] = []
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname
      if (path.startsWith('/api/')) statuses.push(`${path} ${r.status()}`)
    })
    await logIn(page, account)
    await expectVisible(heading(page, TEXT.dashboardHeading))
    expect(statuses.filter((s) => !s.startsWith('/api/manage'))).toEqual(['/api/auth/authenticate 401', '/api/device 201', '/api/auth/authenticate 200'])
    expect(await page.getByRole('alert').count()).toBe(0)
    expectNoProblems(problems)
  })

  it('the sign-up form states the password rule before submit and shows the server’s refusal', async () => {
    const { context, problems } = await suite.context()
    const page = await context.newPage()
    await page.goto('/#/signup')
    const password = page.getByLabel('Password')
    await expectVisible(password)
    // The rule is the field's description, read out with it, before anything is sent.
    const description = await password.evaluate((el) => {
      const ids = (el.getAttribute('aria-describedby') ?? '').split(' ')
      return ids.map((id) => (el.getRootNode() as ShadowRoot).getElementById(id)?.textContent ?? '').join(' ')
    })
    expect(description).toMatch(/at least 8 characters/i)
    expect(description).toMatch(/common password/i)

    await signUp(page, { email: freshEmail(), password: 'password' })
    const alert = page.getByRole('alert')
    await expectVisible(alert)
    expect(await alert.innerText()).toMatch(/too common/i)
    await waitUntil(async () => (await page.evaluate(() => location.hash)) === '#/signup', 'it stays on the sign-up screen')
    expect(await accessDataRaw(page)).toBeNull()
    expectNoProblems(problems)
  })
})
