import { useState } from 'react'
import { CopyField } from '../../components/copy-field/CopyField'
import { useElement } from '../context'
import { fillText } from './fill'

/**
 * In the reveal dialogs, under the secrets: "Copy as .env" (the lines shown,
 * one click copies them all), and the host's own templates (the `snippets`
 * property) as tabs, filled with this project and its first new pair, each
 * click-to-copy.
 */
export function RevealSnippets({ projectId, keys, webhookSecret }: { projectId: string; keys: Record<string, string>; webhookSecret?: string }) {
  const { snippets = [] } = useElement()
  const [tab, setTab] = useState(0)
  const [apiProjectId = '', apiKey = ''] = Object.entries(keys)[0] ?? []
  const shown = snippets[tab] ?? snippets[0]
  return (
    <>
      <CopyField
        label="Copy as .env"
        value={`FLEX_PROJECT_ID=${projectId}\nFLEX_API_PROJECT_ID=${apiProjectId}\nFLEX_API_KEY=${apiKey}\n${webhookSecret ? `FLEX_WEBHOOK_SECRET=${webhookSecret}\n` : ''}`}
      />
      {shown && (
        <div>
          <div role="tablist" className="flex flex-wrap gap-2">
            {snippets.map((s, i) => (
              <button
                key={i}
                type="button"
                role="tab"
                aria-selected={s == shown}
                onClick={() => setTab(i)}
                className={`rounded-flex px-3 py-1 text-xs font-semibold ${s == shown ? 'bg-raised text-fg' : 'text-muted'}`}
              >
                {s.label}
              </button>
            ))}
          </div>
          <div role="tabpanel" className="mt-2">
            <CopyField label={shown.label} value={fillText(shown.template, { projectId, apiProjectId, apiKey })} />
          </div>
        </div>
      )}
    </>
  )
}
