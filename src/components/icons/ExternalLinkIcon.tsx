import { Icon } from './Icon'

/** Beside a link that opens another document in a new tab. */
export const ExternalLinkIcon = ({ className }: { className?: string }) => (
  <Icon className={className}>
    <path d="M14 4h6v6m0-6-9 9m7 1v6H4V6h6" />
  </Icon>
)
