import { Icon } from './Icon'

export const CheckIcon = ({ className }: { className?: string }) => (
  <Icon className={className}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Icon>
)
