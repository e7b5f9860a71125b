import { useContext, useId, useMemo, useState, type KeyboardEvent } from 'react'
import { CopyButton } from '../copy-field/CopyButton'
import { useElement } from '../../context/element'
import { envLines, fillText } from './fill'
import { readSnippets } from './host-snippets'
import { LocaleContext, useT } from '../../i18n'
import { reveal } from '../../i18n/en/reveal'

/**
 * In the reveal dialogs, under the secrets: "Copy as .env", and the host's own
 * templates (the `snippets` property) as tabs, filled with this project and its
 * first new pair, each with Copy. Button names hold no value, so a value is
 * still found by one button only: its own field.
 */
export function RevealSnippets({ projectId, keys, webhookSecret }: { projectId: string; keys: Record<string, string>; webhookSecret?: string }) {
  const { snippets: given, envPrefix } = useElement()
  const snippets = useMemo(() => readSnippets(given), [given])
  const [tab, setTab] = useState(0)
  const panelId = useId()
  const t = useT(reveal)
  const rtl = useContext(LocaleContext).dir == 'rtl'
  const [apiProjectId = '', apiKey = ''] = Object.entries(keys)[0] ?? []
  const env = envLines(envPrefix, { projectId, apiProjectId, apiKey }, webhookSecret)
  const shown = snippets[tab] ?? snippets[0]
  const text = shown && fillText(shown.template, { projectId, apiProjectId, apiKey }, envPrefix)
  // The ARIA tabs pattern: the selected tab alone is in the Tab order; arrows (wrapping), Home and End move to a tab and select it.
  // The arrows go the way the tabs are laid out: right to left, the next tab is the one on the left.
  const move = (e: KeyboardEvent<HTMLElement>) => {
    const last = snippets.length - 1
    const at = snippets.indexOf(shown!)
    const ahead = at < last ? at + 1 : 0
    const back = at ? at - 1 : last
    const next = { ArrowRight: rtl ? back : ahead, ArrowLeft: rtl ? ahead : back, Home: 0, End: last }[e.key]
    if (next === undefined) return
    e.preventDefault()
    setTab(next)
    ;(e.currentTarget.children[next] as HTMLElement).focus()
  }
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <CopyButton label={t('reveal.copyAsEnv')} text={() => env} />
      </div>
      {shown && (
        <div>
          <div role="tablist" className="flex flex-wrap gap-2" onKeyDown={move}>
            {snippets.map((s, i) => (
              <button
                key={i}
                type="button"
                role="tab"
                aria-selected={s == shown}
                aria-controls={panelId}
                tabIndex={s == shown ? 0 : -1}
                onClick={() => setTab(i)}
                className={`rounded-flex px-3 py-1 text-xs font-semibold ${s == shown ? 'bg-raised text-fg' : 'text-muted'}`}
              >
                {s.label}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={panelId} aria-label={shown.label} className="mt-2 flex flex-wrap items-center gap-2">
            <pre dir="ltr" className="w-full overflow-auto rounded-flex border border-border bg-bg p-3 font-mono text-xs text-fg">
              {text}
            </pre>
            <CopyButton label={t('reveal.copy')} text={() => text} />
          </div>
        </div>
      )}
    </>
  )
}
