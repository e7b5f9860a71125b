import { store } from '../../store'
import type { SnippetState } from './useSnippet'
import { useT } from '../../i18n'
import { snippet } from '../../i18n/en/snippet'

function Select({ label, value, options, onPick }: { label: string; value?: string; options: [string, string][]; onPick: (value: string) => void }) {
  // Its choices are names and ids, in their own direction: on a right-to-left page a name in Latin letters
  // would otherwise be cut at its start ("ayments and Refunds API") and a shortened id's "…" put before it.
  return (
    <select
      dir="auto"
      aria-label={label}
      value={value}
      onChange={(e) => onPick(e.target.value)}
      className="max-w-[12rem] rounded-flex border border-input-border bg-bg px-2 py-1 text-xs text-fg focus:outline-none focus:ring-2 focus:ring-accent"
    >
      {options.map(([id, text]) => (
        <option key={id} value={id}>
          {text}
        </option>
      ))}
    </select>
  )
}

/** Project, then key: one choice in the shared store, so every snippet on the page follows it. */
export function SnippetPicker({ projects, projectId, keyIds, keyId, names }: SnippetState) {
  const pick = store.getState().pickSnippetProject
  const t = useT(snippet)
  return (
    <>
      <Select label={t('snippet.project')} value={projectId} options={(projects ?? []).map((p) => [p.id, p.name || p.id])} onPick={(id) => pick(id)} />
      {keyIds[0] && (
        <Select
          label={t('snippet.apiKey')}
          value={keyId}
          options={keyIds.map((id) => [id, names[id]?.name ? `${names[id]?.name} · ${id.length > 12 ? `${id.slice(0, 9)}…` : id}` : id])}
          onPick={(id) => pick(projectId!, id)}
        />
      )}
    </>
  )
}
