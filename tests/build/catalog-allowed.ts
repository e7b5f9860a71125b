/**
 * Literals the catalog test would take for texts but that no reader sees as
 * one (or that must stay as they are in every language), each with why.
 */
export const TEXT_ALLOWED: { text: string; why: string }[] = []
