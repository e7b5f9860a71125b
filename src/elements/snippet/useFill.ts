import { useEffect } from 'react'
import { fillPlaceholders, type SnippetValues } from '../../components/snippets/fill'

/**
 * Keeps the host's code blocks filled with `values`: now, on every change of
 * values, and whenever the host adds or changes blocks later (docs frameworks
 * render late). Our own edits are taken off the observer's queue so they do
 * not trigger another pass.
 */
export function useFill(host: HTMLElement, { projectId, apiProjectId, apiKey }: SnippetValues, envPrefix: string): void {
  useEffect(() => {
    const fill = () => {
      fillPlaceholders(host, { projectId, apiProjectId, apiKey }, envPrefix)
      observer.takeRecords()
    }
    const observer = new MutationObserver(fill)
    fill()
    observer.observe(host, { childList: true, subtree: true, characterData: true })
    return () => observer.disconnect()
  }, [host, projectId, apiProjectId, apiKey, envPrefix])
}
