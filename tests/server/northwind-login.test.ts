/**
 * The demo's host sign-in form (/existing.html, server/demo/northwind.ts) takes what a person or a
 * browser may send it without a 500: a long name that ends in an emoji, and a body that is no form.
 */
import { afterEach, expect, it } from 'vitest'
import { NORTHWIND_COOKIE } from '../../server/demo/northwind'
import { createTestServer, type TestServer } from './harness'

let s: TestServer | undefined
afterEach(async () => {
  await s?.close()
  s = undefined
})

const login = (body: string, type = 'application/x-www-form-urlencoded') =>
  s!.request('POST', '/northwind/login', { raw: body, headers: { 'Content-Type': type } })
const nameIn = (setCookie: string | null) => decodeURIComponent(new RegExp(`^${NORTHWIND_COOKIE}=([^;]*)`).exec(setCookie ?? '')?.[1] ?? '')

it('signs in a name cut at 60 characters without splitting one, an emoji at the cut included', async () => {
  s = await createTestServer({ config: { serviceToken: 'a-long-random-service-token-for-tests', demoHostSessions: true } })
  for (const name of [`${'a'.repeat(59)}😀`, `${'a'.repeat(59)}😀😀`, '😀'.repeat(61)]) {
    const res = await login(`name=${encodeURIComponent(name)}`)
    expect([res.status, res.headers.get('location')]).toEqual([303, '/existing.html'])
    expect(nameIn(res.headers.get('set-cookie'))).toBe([...name].slice(0, 60).join(''))
  }
})

it('answers a body that is no form as it answers a form without a name: back to the page, signed in as nobody', async () => {
  s = await createTestServer({ config: { serviceToken: 'a-long-random-service-token-for-tests', demoHostSessions: true } })
  for (const [body, type] of [
    ['name=Ada', 'multipart/form-data'],
    ['--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda', 'multipart/form-data; boundary=x'],
  ]) {
    const res = await login(body, type)
    expect([res.status, res.headers.get('location'), res.headers.get('set-cookie')]).toEqual([303, '/existing.html', null])
  }
  expect(s.logs.filter((line) => line.startsWith('error'))).toEqual([])
})
