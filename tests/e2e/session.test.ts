/**
 * The session against the real server: sign-out revokes the access token,
 * a device token the server has forgotten is replaced unseen, and the
 * sign-up form states the password rule and shows the server's refusal.
 */
import { createAccount, freshEmail } from './harness/api'
import { accessDataRaw, atRoute, heading, logIn, signOut, signUp, TEXT } from './harness/screens'
import { expect, test } from './harness/test'

// Its own server: one test starts it again on an empty database.
test.use({ ownServer: true })
// One worker runs the file, in order: one server start serves all of its tests.
test.describe.configure({ mode: 'default' })

const ownerCall = (origin: string, token: string) =>
  fetch(`${origin}/api/manage/dapp/owner`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.status)

test.describe('session', () => {
  test('sign-out revokes the access token on the server and clears storage', async ({ page, server }) => {
    const origin = server.origin
    const account = await createAccount(origin)
    await page.goto('/#/login')
    await logIn(page, account)
    await expect(heading(page, TEXT.dashboardHeading)).toBeVisible()
    const token = JSON.parse((await accessDataRaw(page)) ?? '{}').accessToken as string
    expect(await ownerCall(origin, token)).toBe(200)

    const loggedOut = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout'))
    await signOut(page)
    expect((await loggedOut).status()).toBe(204)
    await expect(heading(page, TEXT.logInHeading)).toBeVisible()
    expect(await accessDataRaw(page)).toBeNull()
    // A copy of the token (a stolen one, a forgotten tab) no longer opens anything.
    expect(await ownerCall(origin, token)).toBe(401)
  })

  test('a device token the server has forgotten is replaced once and the log-in goes through, unseen', async ({ page, server, serverProcess }) => {
    const firstDevice = page.waitForResponse((r) => r.url().endsWith('/api/device'))
    await page.goto('/#/login')
    await firstDevice
    // The server comes back with an empty database: the page's device token is unknown now.
    await serverProcess.restart({ freshData: true })
    const account = await createAccount(server.origin)

    const statuses: string[] = []
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname
      if (path.startsWith('/api/')) statuses.push(`${path} ${r.status()}`)
    })
    await logIn(page, account)
    await expect(heading(page, TEXT.dashboardHeading)).toBeVisible()
    // The sign-in's own calls; the dashboard's reads (projects, the account) come and go with the screens.
    expect(statuses.filter((s) => /^\/api\/(auth|device)\b/.test(s))).toEqual(['/api/auth/authenticate 401', '/api/device 201', '/api/auth/authenticate 200'])
    await expect(page.getByRole('alert')).toHaveCount(0)
  })

  test('the sign-up form states the password rule before submit and shows the server’s refusal', async ({ page }) => {
    await page.goto('/#/signup')
    const password = page.getByLabel('Password')
    await expect(password).toBeVisible()
    // The rule is the field's description, read out with it, before anything is sent.
    await expect(password).toHaveAccessibleDescription(/at least 8 characters/i)
    await expect(password).toHaveAccessibleDescription(/common password/i)

    await signUp(page, { email: freshEmail(), password: 'password' })
    // The refusal is the field's: said under it, and read with it.
    await expect(password).toHaveAttribute('aria-invalid', 'true')
    await expect(password).toHaveAccessibleDescription(/too common/i)
    await expect(page, 'it stays on the sign-up screen').toHaveURL(atRoute('#/signup'))
    expect(await accessDataRaw(page)).toBeNull()
  })
})
