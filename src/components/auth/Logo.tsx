/**
 * The mark shown on the authentication screens: an inline SVG (no request, no
 * product name), drawn in the accent colour so a host's theme applies. Named
 * for the product (`product-name`), as a host's own logo would be.
 */
export function Logo({ name, className = 'h-12 w-12' }: { name: string; className?: string }) {
  return (
    <svg className={`text-accent ${className}`} viewBox="0 0 48 48" role="img" aria-label={`${name} logo`} focusable="false">
      <rect x="2" y="2" width="44" height="44" rx="12" fill="currentColor" opacity="0.18" />
      <path d="M14 34V14h20" fill="none" stroke="currentColor" strokeWidth="4.5" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M14 24h14" fill="none" stroke="currentColor" strokeWidth="4.5" strokeLinecap="round" />
      <circle cx="34" cy="33" r="3.5" fill="currentColor" />
    </svg>
  )
}
