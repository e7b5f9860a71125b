import { apiDocsUrl } from '../../constants'
import { useElement } from '../context'

const link = 'rounded-flex font-medium text-muted hover:text-fg focus:outline-none focus-visible:ring-2 focus-visible:ring-focus'
// On a narrow element the words in these spans are read, not shown: the name stays whole.
const wide = 'sr-only cq-sm:not-sr-only'

/** With sidebar="none" the sidebar's two external links sit in the header, beside the user menu. */
export function HeaderLinks() {
  const { urls, apiBase } = useElement()
  return (
    <nav aria-label="Documentation" className="flex items-center gap-4 text-sm">
      <a href={urls.quickstart ?? apiDocsUrl(apiBase, '#quickstart')} target="_blank" rel="noopener noreferrer" className={link}>
        <span className={wide}>Flex </span>Quickstart<span className={wide}> Guide</span>
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
      <a href={urls.docs ?? apiDocsUrl(apiBase)} target="_blank" rel="noopener noreferrer" className={link}>
        <span className={wide}>API </span>Documentation
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </nav>
  )
}
