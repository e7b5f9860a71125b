/** The warning every dialog that shows a whole API key carries: the spec's, from 'API Information'. */
export const ONE_TIME_WARNING = 'Copy the API key. This is the only time you will be able to see it!'
