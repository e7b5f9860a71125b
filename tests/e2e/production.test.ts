/**
 * Production refusals (issue 52), as an operator meets them: with
 * NODE_ENV=production and no SMTP_URL the server refuses to start, saying
 * why in a sentence and how to run without mail; with MAIL_DISABLED=true it
 * starts, and the widget in a browser hides the reset that would mail a code.
 * (A DATABASE_URL without its password is one sentence too: that needs a
 * PostgreSQL that asks for one, tests/server/start.test.ts on PostgreSQL.)
 */
import { SMTP_IN_PRODUCTION } from '../../server/config/index'
import { newDataDir, removeDataDir, startServer } from './harness/server'
import { expect, test } from './harness/test'

// Each test starts a server of its own: its start alone takes up to a minute on a loaded two-core machine.
test.describe.configure({ timeout: 150_000 })

const PRODUCTION = { NODE_ENV: 'production', ALLOW_EMBEDDED_DB: 'true', SERVICE_TOKEN: 'a-service-token-for-production', SMTP_URL: '', MAIL_DISABLED: '' }

test('without SMTP_URL the server refuses to start, in one sentence that names MAIL_DISABLED, with no stack', async () => {
  const dataDir = await newDataDir()
  try {
    const refused = await startServer({ dataDir, env: PRODUCTION }).then(
      () => new Error('it started'),
      (e: Error) => e,
    )
    expect(refused.message).toContain('exited with code 1 before it was ready')
    expect(refused.message).toContain(SMTP_IN_PRODUCTION)
    expect(refused.message).not.toMatch(/^\s+at /m)
  } finally {
    await removeDataDir(dataDir)
  }
})

test("with MAIL_DISABLED=true it starts, and the log-in's 'Forgot your password?' is inert", async ({ page }) => {
  const server = await startServer({ env: { ...PRODUCTION, MAIL_DISABLED: 'true' } })
  try {
    // No demo page in production: a page of the host's own, on the API's origin.
    await page.route(`${server.url}host.html`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body><flex-login api-base="/api"></flex-login><script src="/flex-portal.js"></script></body></html>',
      }),
    )
    await page.goto(`${server.url}host.html`)
    await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled()
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('aria-disabled', 'true')
    await expect(page.getByRole('button', { name: 'Forgot your password?' })).toHaveCount(0)
  } finally {
    await server.stop()
    await removeDataDir(server.dataDir)
  }
})
