import { beforeAll } from 'vitest'
import { LazySignupScreen } from '../../src/components/auth/lazy'
import { LazyProjectPage } from '../../src/elements/portal/lazy'
import { LazyProjectDetail } from '../../src/elements/project-detail/lazy'
import { LazyDashboard } from '../../src/elements/projects/lazy'
import { LazyWebhooksScreen } from '../../src/elements/webhooks/element'

// The screens that load on demand are loaded before each file's tests, so the
// component tests see them render at once, as they did when they were bundled
// in. Loading itself (the fallback, a failed fetch, "Try again") is tested in
// lazy-screen.test.tsx, and as the browser does it in tests/e2e/chunks.test.ts.
// The first file of a worker compiles those screens here, seconds of CPU that a
// machine loaded by other work stretches past the 10 s a hook has by default.
// Only the component tests load them: the build tests (the `build` project)
// render no screen of src/, and each of their files would pay for it.
beforeAll(async () => {
  await Promise.all([LazySignupScreen, LazyDashboard, LazyProjectDetail, LazyProjectPage, LazyWebhooksScreen].map((screen) => screen.chunk.load()))
}, 60_000)
