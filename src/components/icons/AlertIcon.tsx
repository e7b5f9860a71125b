import { Icon } from './Icon'

export const AlertIcon = ({ className }: { className?: string }) => (
  <Icon className={className}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5.25M12 16.25h.01" />
  </Icon>
)
