import type { ReactNode } from 'react'

/**
 * A translated sentence with a value set apart in it (an address in code
 * type): the value goes where the language put it. A host's text without the
 * value shows as it is.
 */
export function withValue(text: string, value: string, render: (value: string) => ReactNode): ReactNode {
  const at = value ? text.indexOf(value) : -1
  if (at < 0) return text
  return (
    <>
      {text.slice(0, at)}
      {render(value)}
      {text.slice(at + value.length)}
    </>
  )
}
