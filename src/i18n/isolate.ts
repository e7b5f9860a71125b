/**
 * A name someone chose, set in one of the widget's sentences, between U+2068 FIRST STRONG ISOLATE and
 * U+2069 POP DIRECTIONAL ISOLATE (UAX #9): the bidi algorithm lays it out apart, so a right-to-left name
 * (or one ending in digits or punctuation) cannot carry the sentence's "(id)" or words into its own run.
 */
export const isolate = (name: string): string => `\u2068${name}\u2069`
