import { Icon } from './Icon'

/** Beside a link that opens another document in a new tab. */
export const ExternalLinkIcon = ({ className }: { className?: string }) => (
  <Icon className={className}>
    <path d="M14 4h6v6" />
    <path d="M20 4 11 13" />
    <path d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </Icon>
)
