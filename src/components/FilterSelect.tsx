import { useId, type ReactNode } from 'react'
import { useT } from '../i18n'
import { modes } from '../i18n/en/modes'

/**
 * A section's filters. In a narrow element one a line, the labels in one
 * column and the fields filling the other, so that they line up; from cq-sm
 * a row that wraps. Each filter's wrapper is `contents` below cq-sm, so that
 * its label and field are the grid's cells.
 */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <div className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 text-sm cq-sm:flex cq-sm:flex-wrap cq-sm:gap-x-4">{children}</div>
  )
}

/** One filter's wrapper in a FilterBar: a label, then its field. */
export const FILTER = 'contents cq-sm:flex cq-sm:min-w-0 cq-sm:max-w-full cq-sm:items-center cq-sm:gap-2'

/** One labelled filter of a section (key, status, mode): [value, text] options, the first '' for all. */
export function FilterSelect({
  label,
  value,
  set,
  options,
}: {
  label: string
  value: string
  set: (v: string) => void
  options: ReadonlyArray<readonly [string, string]>
}) {
  const id = useId()
  return (
    <span className={FILTER}>
      <label htmlFor={id} className="shrink-0 whitespace-nowrap text-muted">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => set(e.target.value)}
        className="w-full min-w-0 max-w-full rounded-flex border border-border bg-bg px-2 py-1 text-fg focus:outline-none focus-visible:ring-2 focus-visible:ring-focus cq-sm:w-auto"
      >
        {options.map(([v, words]) => (
          <option key={v} value={v}>
            {words}
          </option>
        ))}
      </select>
    </span>
  )
}

/**
 * Live keys, test keys or both, in the Requests and the Usage sections alike;
 * a section offers it only once the project has a test key. Beside the select
 * it fills rather than in a file of its own, which measured 16 bytes gzip -9
 * more: the whole product is at its budget.
 */
export function ModeFilter({ value, set }: { value: string; set: (v: string) => void }) {
  const t = useT(modes)
  return (
    <FilterSelect
      label={t('requests.filter.mode')}
      value={value}
      set={set}
      options={[
        ['', t('requests.filter.allModes')],
        ['live', t('requests.filter.live')],
        ['test', t('requests.filter.test')],
      ]}
    />
  )
}
