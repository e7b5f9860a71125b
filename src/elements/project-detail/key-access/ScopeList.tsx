import type { ScopeEntry } from '../../../api/api-keys'

/** The catalog's scopes grouped by resource, in the catalog's order: each group a fieldset, each scope a checkbox with its description. */
export function ScopeList({
  legend,
  catalog,
  chosen,
  onChange,
}: {
  legend: string
  catalog: readonly ScopeEntry[]
  chosen: ReadonlySet<string>
  onChange: (chosen: ReadonlySet<string>) => void
}) {
  const toggle = (name: string) => {
    const next = new Set(chosen)
    if (!next.delete(name)) next.add(name)
    onChange(next)
  }
  return (
    <fieldset className="space-y-3 rounded-flex border border-border pt-0 p-3">
      {/* No padding above: the first group's own margin (space-y) already sets it off from the legend on the border. */}
      <legend className="px-1 font-medium">{legend}</legend>
      {[...new Set(catalog.map((s) => s.group))].map((group) => (
        <fieldset key={group} className="space-y-2">
          <legend dir="auto" className="text-xs font-semibold text-muted">
            {group}
          </legend>
          {catalog
            .filter((s) => s.group === group)
            .map((s) => (
              <label key={s.name} className="flex items-start gap-2">
                <input type="checkbox" checked={chosen.has(s.name)} onChange={() => toggle(s.name)} className="mt-1 accent-accent" />
                <span className="min-w-0 text-xs">
                  <span className="block break-all font-mono">{s.name}</span>
                  <span dir="auto" className="block text-muted">
                    {s.description}
                  </span>
                </span>
              </label>
            ))}
        </fieldset>
      ))}
    </fieldset>
  )
}
