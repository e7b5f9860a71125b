/**
 * The one look of every table's parts: a header reads like its cells (aligned
 * to the start, as they are, never wrapped); a cell never wraps but in the
 * name's column, which takes the room left and cuts its text last.
 */
export const HEAD = 'px-3 py-2 text-start text-xs font-semibold text-muted whitespace-nowrap'
export const CELL = 'px-3 py-3 align-middle whitespace-nowrap'
/** The name's column: as wide as the table lets it be (max-w-0 keeps its text from widening the table). */
export const NAME_HEAD = 'w-full'
export const NAME_CELL = 'max-w-0'
/** Numbers line up at the end. */
export const END = 'text-end'
