import type { ComponentProps } from 'react'
import { useElement } from '../context/element'

/**
 * A heading `depth` levels below the element's top one (`heading-level`,
 * default 2), so the widget's outline fits under the host page's own.
 */
export function Heading({ depth = 0, ...props }: { depth?: number } & ComponentProps<'h2'>) {
  const Tag = `h${Math.min(6, useElement().headingLevel + depth)}` as 'h2'
  return <Tag {...props} />
}
