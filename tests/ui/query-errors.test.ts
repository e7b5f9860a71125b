import { findByText, getByRole } from '@testing-library/react'
import { expect, it } from 'vitest'

// Every element of the widget renders into a shadow root: a query there that
// finds nothing must say what it looked for, and where.
it('a query on a shadow root that finds nothing says what it looked for and shows the root', async () => {
  const host = document.body.appendChild(document.createElement('div'))
  const root = host.attachShadow({ mode: 'open' })
  root.innerHTML = '<p>Your Flex Projects</p>'
  expect(() => getByRole(root as unknown as HTMLElement, 'button', { name: 'Add' })).toThrow(
    /Unable to find an accessible element with the role "button"[\s\S]*<p>Your Flex Projects<\/p>/,
  )
  await expect(findByText(root as unknown as HTMLElement, 'Log in', {}, { timeout: 50 })).rejects.toThrow(
    /Unable to find an element with the text: Log in[\s\S]*In the shadow root of <div>/,
  )
})
