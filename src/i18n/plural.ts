/**
 * Plural forms through Intl.PluralRules, one rule object per language: a
 * message picks its form (`one`, `few`, `other` …) and falls back to `other`.
 */
const rules = new Map<string, Intl.PluralRules>()

export function plural(lang: string, count: number, forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }): string {
  let rule = rules.get(lang)
  if (!rule) rules.set(lang, (rule = new Intl.PluralRules(lang)))
  return (forms[rule.select(count)] ?? forms.other).replaceAll('#', count.toLocaleString(lang))
}
