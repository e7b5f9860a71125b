import { useContext, useId } from 'react'
import type { ScopeEntry } from '../../../api/api-keys'
import { FormError } from '../../../components/form-dialog/FormTextField'

/** The catalog's scopes grouped by resource, in the catalog's order: each group a fieldset, each scope a checkbox with its description. */
export function ScopeList({
  legend,
  catalog,
  chosen,
  onToggle,
}: {
  legend: string
  catalog: readonly ScopeEntry[]
  chosen: ReadonlySet<string>
  onToggle: (name: string) => void
}) {
  const error = useContext(FormError)
  const errorId = useId()
  const groups = [...new Set(catalog.map((s) => s.group))]
  const mine = error?.field === 'scopes'
  return (
    <fieldset aria-describedby={mine ? errorId : undefined} className="space-y-3 rounded-flex border border-border bg-bg p-3">
      <legend className="px-1 text-sm font-medium text-fg">{legend}</legend>
      {groups.map((group) => (
        <fieldset key={group} className="space-y-2">
          <legend dir="auto" className="text-xs font-semibold uppercase tracking-wide text-muted">
            {group}
          </legend>
          {catalog
            .filter((s) => s.group === group)
            .map((s) => (
              <label key={s.name} className="flex items-start gap-2">
                <input type="checkbox" checked={chosen.has(s.name)} onChange={() => onToggle(s.name)} className="mt-1 accent-accent" />
                <span className="min-w-0">
                  <span className="block break-all font-mono text-xs text-fg">{s.name}</span>
                  {s.description && (
                    <span dir="auto" className="block text-xs text-muted">
                      {s.description}
                    </span>
                  )}
                </span>
              </label>
            ))}
        </fieldset>
      ))}
      {mine && (
        <p id={errorId} className="text-sm text-danger">
          {error.text}
        </p>
      )}
    </fieldset>
  )
}
