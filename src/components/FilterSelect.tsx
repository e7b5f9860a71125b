import { useId, type ReactNode } from 'react'
import { useT } from '../i18n'
import { modes } from '../i18n/en/modes'
import { FOCUS_RING } from './focus-ring'

/**
 * A section's filters as a grid of label and field pairs, so that they line
 * up however many there are: each label over its field in the narrowest
 * section, one pair a line from cq-xs, two from cq-sm, three from cq-md. The widths are the section's own (a container of
 * its own), not the element's: beside a sidebar, the element's width gave
 * three pairs a column too narrow to show "All keys". A filter's wrapper is
 * `contents` (FILTER), so its label and field are the grid's own cells.
 */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <div className="flex-cq mt-4">
      <div className="grid grid-cols-1 items-center gap-x-3 gap-y-3 text-sm cq-xs:grid-cols-[auto_minmax(0,1fr)] cq-xs:gap-y-2 cq-sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)] cq-md:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
        {children}
      </div>
    </div>
  )
}

/** One filter's wrapper in a FilterBar: a label, then its field (stacked in a section narrower than cq-xs). */
export const FILTER = 'flex flex-col gap-1 cq-xs:contents'

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
        className={`h-8 w-full min-w-0 max-w-full rounded-flex border border-input-border bg-bg px-2 py-1 text-fg ${FOCUS_RING}`}
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
