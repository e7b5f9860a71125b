/**
 * `flex-portal/verify` as a provider gets it: the package packed by npm,
 * unpacked into a folder of its own (what `npm install` does with a package
 * that has no dependencies, without a registry), imported by its exports
 * name from a separate Node process, verifying against a running server.
 */
import { execFile, spawn } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../server/start'
import { createTestServer, newProject, signUp, usePostgres, type TestServer } from './harness'
import { scratchDir } from './storage'

const run = promisify(execFile)
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc')
const SERVICE_TOKEN = 'a-long-random-service-token-for-the-package-test'

// A provider's service, as the README shows it: verifies the key it is given,
// then, once told on stdin that the key was deleted, waits out cacheSeconds
// from its first answer and verifies again. One JSON line per step.
const CONSUMER = `
import { createVerifier, VerifierUnavailable } from 'flex-portal/verify'
import { createInterface } from 'node:readline'
const [url, serviceToken, key] = process.argv.slice(2)
const say = (x) => console.log(JSON.stringify(x))
const verifier = createVerifier({ url, serviceToken, cacheSeconds: 1 })
const first = await verifier.verify(key)
const answeredAt = Date.now()
say({ step: 'first', answer: first })
const lines = createInterface({ input: process.stdin })
for await (const line of lines) if (line === 'deleted') break
await new Promise((r) => setTimeout(r, Math.max(0, answeredAt + 1000 - Date.now())))
say({ step: 'after', answer: await verifier.verify(key) })
const unreachable = createVerifier({ url: 'http://127.0.0.1:9/api/keys/verify', serviceToken })
say({ step: 'down', unavailable: await unreachable.verify(key).then(() => false, (err) => err instanceof VerifierUnavailable) })
process.exit(0)
`

// The types a provider's TypeScript sees through the exports map.
const TYPED = `
import { createVerifier, honoApiKey, expressApiKey, type Verification } from 'flex-portal/verify'
const verifier = createVerifier({ url: 'https://x/api/keys/verify', serviceToken: 't', cacheSeconds: 5 })
const answer: Promise<Verification> = verifier.verify('fxk_')
void answer
void honoApiKey(verifier)
void expressApiKey(verifier)
void honoApiKey(verifier, { requestLogs: true, clientAddress: true })
void expressApiKey(verifier, { requestLogs: true })
const dropped: number = verifier.requestLogStats().dropped
void dropped
const closed: Promise<void> = verifier.close()
void closed
`

// Once per run: the PostgreSQL pass would only pack the same files again.
describe.skipIf(usePostgres)('flex-portal/verify, packed', () => {
  let dir: string
  let s: TestServer
  let server: RunningServer
  beforeAll(async () => {
    dir = await mkdtemp(join(await scratchDir(), 'flex-verify-'))
    // The verifier's build step alone, so the tarball holds this source's build, packed by the package's own
    // package.json. Into a copy of the package's folder: the build tests read dist/ meanwhile, and a file
    // tsc had just truncated there would be copied short.
    const source = join(dir, 'source')
    await mkdir(source)
    await copyFile(join(ROOT, 'package.json'), join(source, 'package.json'))
    await run(process.execPath, [TSC, '-p', 'verify/tsconfig.json', '--outDir', join(source, 'dist')], { cwd: ROOT })
    const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: source })
    const [{ filename }] = JSON.parse(stdout) as { filename: string }[]
    const installed = join(dir, 'consumer/node_modules/flex-portal')
    await mkdir(installed, { recursive: true })
    await run('tar', ['-xzf', join(dir, filename), '-C', installed, '--strip-components=1'])
    await writeFile(join(dir, 'consumer/package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }))
    await writeFile(join(dir, 'consumer/service.mjs'), CONSUMER)
    await writeFile(join(dir, 'consumer/typed.ts'), TYPED)
    await writeFile(
      join(dir, 'consumer/tsconfig.json'),
      JSON.stringify({
        // TypeScript's own lib files go unchecked (checking them is most of the work, and says nothing of
        // this package); the package's declarations are checked, as a provider's build would.
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          lib: ['es2022', 'dom'],
          types: [],
          skipDefaultLibCheck: true,
        },
        files: ['typed.ts'],
      }),
    )

    s = await createTestServer({ config: { serviceToken: SERVICE_TOKEN } })
    server = await startServer({ port: 0, db: await s.storage.open!(), serviceToken: SERVICE_TOKEN, staticRoots: [], log: () => {} })
  }, 120_000)
  afterAll(async () => {
    await server?.close()
    await s?.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('ships ESM with types and no dependencies of its own', async () => {
    const files = await readdir(join(dir, 'consumer/node_modules/flex-portal/dist/verify'))
    expect(files).toEqual(expect.arrayContaining(['index.js', 'index.d.ts', 'verifier.js', 'middleware.js']))
    // Its own package.json names no dependencies, and the types resolve through the exports map under Node's rules.
    const manifest = JSON.parse(await readFile(join(dir, 'consumer/node_modules/flex-portal/package.json'), 'utf8'))
    expect(manifest.exports['./verify']).toMatchObject({ types: './dist/verify/index.d.ts', import: './dist/verify/index.js' })
    expect(manifest.dependencies ?? {}).toEqual({})
    await run(process.execPath, [TSC, '-p', '.'], { cwd: join(dir, 'consumer') })
    // The built files import nothing but each other and the contract's constants, which import nothing.
    const dist = join(dir, 'consumer/node_modules/flex-portal/dist')
    for (const file of files.filter((f) => f.endsWith('.js'))) {
      const source = await readFile(join(dist, 'verify', file), 'utf8')
      for (const [, spec] of source.matchAll(/from '([^']+)'/g)) expect(spec, file).toMatch(/^(\.\/[\w-]+|\.\.\/contract\/constants)\.js$/)
    }
    expect(await readFile(join(dist, 'contract/constants.js'), 'utf8')).not.toMatch(/\bfrom ['"]|\bimport\s*['"(]|\brequire\s*\(/)
  }, 120_000) // a type check of the packed package in a process of its own: slow on a busy machine

  it('verifies a key against a running server, sees its deletion within cacheSeconds, and tells a server it cannot reach from a bad key', async () => {
    const owner = await signUp(s)
    const p = await newProject(s, owner.accessToken)
    const [keyId, key] = Object.entries(p.apiKey)[0]
    const child = spawn(process.execPath, ['service.mjs', `${server.url}api/keys/verify`, SERVICE_TOKEN, key], {
      cwd: join(dir, 'consumer'),
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    const steps: { step: string; answer?: unknown; unavailable?: boolean }[] = []
    let onStep: (() => void) | undefined
    let buffered = ''
    child.stdout.on('data', (d: Buffer) => {
      buffered += d
      let nl
      while ((nl = buffered.indexOf('\n')) >= 0) {
        steps.push(JSON.parse(buffered.slice(0, nl)))
        buffered = buffered.slice(nl + 1)
        onStep?.()
      }
    })
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
    const stepCount = (n: number) => new Promise<void>((resolve) => (steps.length >= n ? resolve() : (onStep = () => steps.length >= n && resolve())))

    await stepCount(1)
    expect(steps[0]).toEqual({
      step: 'first',
      answer: { valid: true, keyId, projectId: p.id, name: 'Default key', expiresAt: null, mode: 'live', scopes: null },
    })
    expect((await s.request('DELETE', `/api/manage/dapp/${p.id}/api-key/${keyId}`, { token: owner.accessToken })).status).toBe(200)
    child.stdin.write('deleted\n')
    expect(await exited).toBe(0)
    expect(steps.slice(1)).toEqual([
      { step: 'after', answer: { valid: false, code: 'NOT_FOUND' } },
      { step: 'down', unavailable: true },
    ])
  })
})
