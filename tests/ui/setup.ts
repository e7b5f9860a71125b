import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// findBy… and waitFor wait for a condition, 1 s at most by default: a screen
// that renders in a tenth of that on a quiet machine can take longer than a
// second on one loaded by other work. A longer bound costs a passing test
// nothing; each test's own timeout still ends a wait that never comes true.
configure({ asyncUtilTimeout: 4_000 })

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
  localStorage.clear()
})
