/**
 * The two names a provider puts its own on: `product-name` (the few texts that
 * carry the product's name, and the logo's alt text) and `env-prefix` (the
 * variable names of "Copy as .env" and `{{env}}`). Without them, or with a
 * value no text could carry, the spec's own texts stay exactly as they are.
 */
export const DEFAULT_PRODUCT_NAME = 'Flex'
export const DEFAULT_ENV_PREFIX = 'FLEX'

/** One line of at most 40 characters: a name, not a paragraph a host page slipped in. */
export function productName(value: string | undefined): string {
  const name = value?.replace(/\s+/g, ' ').trim()
  return name && name.length <= 40 ? name : DEFAULT_PRODUCT_NAME
}

/** A prefix every shell and dotenv parser accepts as the start of a variable name. */
export function envPrefix(value: string | undefined): string {
  const prefix = value?.trim().toUpperCase()
  return prefix && /^[A-Z][A-Z0-9_]{0,31}$/.test(prefix) ? prefix : DEFAULT_ENV_PREFIX
}
