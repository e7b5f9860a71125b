import { useId } from 'react'

export interface ChoiceFieldProps {
  label: string
  name: string
  /** [text shown, value sent]; the first is chosen unless `defaultValue` says otherwise. */
  options: ReadonlyArray<readonly [string, string]>
  defaultValue?: string
  /** Told each choice: a dialog whose text follows it, or a filter that acts at once. */
  onChange?: (value: string) => void
}

/** A labelled dropdown read from its form on submit: the form dialogs' one select. */
export function ChoiceField({ label, name, options, defaultValue, onChange }: ChoiceFieldProps) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-fg">
        {label}
      </label>
      {/* The browser draws its arrow inside the end padding (the left one, right to left): 24 px keeps a long choice clear of it, cut with "…"; the start padding is the text fields', so their texts line up. */}
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        onChange={onChange && ((e) => onChange(e.target.value))}
        className="mt-2 block w-full rounded-flex border border-input-border bg-bg pl-3 pr-6 rtl:pl-6 rtl:pr-3 py-2 text-sm truncate text-fg focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent"
      >
        {options.map(([text, value]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )
}
