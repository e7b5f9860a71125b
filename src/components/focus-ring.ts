/**
 * The keyboard focus ring every link, button and field draws: one constant, so
 * the chunks drawn after the first screen name it instead of each carrying its text.
 */
export const FOCUS_RING = 'focus:outline-none focus-visible:ring-2 focus-visible:ring-focus'
