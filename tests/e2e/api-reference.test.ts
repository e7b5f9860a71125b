/**
 * The API reference the server serves at /api/docs, where the portal's
 * documentation links go by default: Redoc renders the server's own OpenAPI
 * document, Quickstart first, from files served here, under the page's CSP.
 */
import { describe, expect, it } from 'vitest'
import { screenshot } from './harness/artifacts'
import { expectNoProblems, useSuite } from './harness/suite'
import { expectVisible, waitUntil } from './harness/wait'

const suite = useSuite()

describe('the API reference at /api/docs', () => {
  it('renders the OpenAPI document with its Quickstart, from this origin only, with no CSP violation', async () => {
    const { context, problems } = await suite.context()
    const page = await context.newPage()
    const foreign: string[] = []
    page.on('request', (r) => {
      if (!r.url().startsWith(suite.server.origin) && !/^(data|blob):/.test(r.url())) foreign.push(r.url())
    })
    await page.goto('/api/docs#quickstart')
    await expectVisible(page.getByRole('heading', { name: 'Quickstart' }).first())
    await expectVisible(page.getByRole('heading', { name: 'Register an anonymous device' }))
    // The portal's "Flex Quickstart Guide" address lands on the Quickstart section.
    await waitUntil(async () => (await page.evaluate(() => location.hash)) === '#section/Quickstart', 'the page moves to the Quickstart section')
    await screenshot(page, 'api-reference')
    expect(foreign, 'requests to other origins (a CDN)').toEqual([])
    expectNoProblems(problems)
  })
})
