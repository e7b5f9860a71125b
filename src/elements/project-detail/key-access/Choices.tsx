/** One of a few choices, each with a line saying what it means: radio buttons under a legend, arrow keys moving between them as the browser does. */
export function Choices<V extends string>({
  legend,
  value,
  options,
  onChange,
}: {
  legend: string
  value: V
  /** [value, label, hint] */
  options: readonly (readonly [V, string, string])[]
  onChange: (value: V) => void
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="font-medium">{legend}</legend>
      {/* One name per group (its legend): the arrow keys move within it. */}
      {options.map(([v, label, hint]) => (
        <label key={v} className="flex items-start gap-3">
          <input type="radio" name={legend} checked={v === value} onChange={() => onChange(v)} className="mt-1 accent-accent" />
          <span>
            <span className="block font-medium">{label}</span>
            <span className="block text-xs text-muted">{hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  )
}
