/**
 * The demo's host sign-in form (/existing.html, server/demo/northwind.ts) takes what a person or a
 * browser may send it without a 500: a long name that ends in an emoji, and a body that is no form.
 * A name the portal's host sign-in would refuse is refused there, in the portal's words, not signed in.
 */
import { afterEach, expect, it } from 'vitest'
import { NORTHWIND_COOKIE, NORTHWIND_REFUSAL_COOKIE } from '../../server/demo/northwind'
import { createTestServer, type TestServer } from './harness'

let s: TestServer | undefined
afterEach(async () => {
  await s?.close()
  s = undefined
})

const login = (body: string, type = 'application/x-www-form-urlencoded') =>
  s!.request('POST', '/northwind/login', { raw: body, headers: { 'Content-Type': type } })
const cookieIn = (name: string, setCookie: string | null) => decodeURIComponent(new RegExp(`^${name}=([^;]*)`).exec(setCookie ?? '')?.[1] ?? '')
const nameIn = (setCookie: string | null) => cookieIn(NORTHWIND_COOKIE, setCookie)
const SERVICE_TOKEN = 'a-long-random-service-token-for-tests'

it('signs in a name cut at 60 characters without splitting one, an emoji at the cut included', async () => {
  s = await createTestServer({ config: { serviceToken: SERVICE_TOKEN, demoHostSessions: true } })
  for (const name of [`${'a'.repeat(59)}😀`, `${'a'.repeat(59)}😀😀`, '😀'.repeat(61)]) {
    const res = await login(`name=${encodeURIComponent(name)}`)
    expect([res.status, res.headers.get('location')]).toEqual([303, '/existing.html'])
    expect(nameIn(res.headers.get('set-cookie'))).toBe([...name].slice(0, 60).join(''))
  }
})

it('answers a body that is no form as it answers a form without a name: back to the page, signed in as nobody', async () => {
  s = await createTestServer({ config: { serviceToken: SERVICE_TOKEN, demoHostSessions: true } })
  for (const [body, type] of [
    ['name=Ada', 'multipart/form-data'],
    ['--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda', 'multipart/form-data; boundary=x'],
  ]) {
    const res = await login(body, type)
    expect([res.status, res.headers.get('location'), res.headers.get('set-cookie')]).toEqual([303, '/existing.html', null])
  }
  expect(s.logs.filter((line) => line.startsWith('error'))).toEqual([])
})

it('refuses a name the portal would refuse, with the portal’s own message and the name as typed, and signs in nobody', async () => {
  s = await createTestServer({ config: { serviceToken: SERVICE_TOKEN, demoHostSessions: true } })
  // A tab inside, nothing visible (a zero-width space), a right-to-left override.
  for (const name of ['Ada\tLovelace', '\u200b', 'Ada\u202eecalevol']) {
    const portal = await s.request('POST', '/api/sessions', {
      headers: { Authorization: `Bearer ${SERVICE_TOKEN}` },
      body: { externalId: 'northwind:x@northwind.example', name },
    })
    expect(portal.status, JSON.stringify(name)).toBe(400)
    const res = await login(`name=${encodeURIComponent(name)}`)
    expect([res.status, res.headers.get('location'), nameIn(res.headers.get('set-cookie'))]).toEqual([303, '/existing.html', ''])
    expect(JSON.parse(cookieIn(NORTHWIND_REFUSAL_COOKIE, res.headers.get('set-cookie')) || '{}')).toEqual({ name, message: portal.body.message })
  }
})

it('signs in a name the portal takes, which then gets its portal session', async () => {
  s = await createTestServer({ config: { serviceToken: SERVICE_TOKEN, demoHostSessions: true } })
  const res = await login(`name=${encodeURIComponent('Ada Lovelace')}`)
  const setCookie = res.headers.get('set-cookie')
  expect(setCookie).not.toContain(NORTHWIND_REFUSAL_COOKIE)
  const session = await s.request('POST', '/northwind/portal-session', { headers: { Cookie: setCookie!.split(';')[0] } })
  expect([session.status, session.body]).toEqual([200, { code: expect.stringMatching(/^fxc_/) }])
})

it('signs out a cookie whose name the portal refuses (one older than the sign-in’s check): 401, never the portal’s refusal as a 502', async () => {
  s = await createTestServer({ config: { serviceToken: SERVICE_TOKEN, demoHostSessions: true } })
  const session = await s.request('POST', '/northwind/portal-session', { headers: { Cookie: `${NORTHWIND_COOKIE}=${encodeURIComponent('Ada\tLovelace')}` } })
  expect([session.status, session.body]).toEqual([401, { message: 'Sign in to Northwind first.' }])
  expect(session.headers.get('set-cookie')).toMatch(new RegExp(`^${NORTHWIND_COOKIE}=;.*Max-Age=0`))
})
