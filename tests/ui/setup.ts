import '@testing-library/jest-dom/vitest'
import { cleanup, configure, getConfig } from '@testing-library/react'
import { afterEach } from 'vitest'

const { getElementError } = getConfig()

configure({
  // findBy… and waitFor wait for a condition, 1 s at most by default: a screen
  // that renders in a tenth of that on a quiet machine can take longer than a
  // second on one loaded by other work. A longer bound costs a passing test
  // nothing; each test's own timeout still ends a wait that never comes true.
  asyncUtilTimeout: 4_000,
  // The elements render into shadow roots, which testing-library's prettyDOM
  // refuses: a failed query there threw "Expected an element or document but
  // got ShadowRoot" instead of saying what it did not find.
  getElementError: (message, container) => {
    if (!(container instanceof ShadowRoot)) return getElementError(message, container)
    const error = new Error(`${message}\n\nIn the shadow root of <${container.host.localName}>:\n${container.innerHTML.slice(0, 7_000)}`)
    error.name = 'TestingLibraryElementError'
    return error
  },
})

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
  localStorage.clear()
})
