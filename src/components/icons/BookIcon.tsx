import { Icon } from './Icon'

/** Documentation: the quickstart guide and the API reference. */
export const BookIcon = ({ className }: { className?: string }) => (
  <Icon className={className}>
    <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5z" />
    <path d="M4 20.5A2.5 2.5 0 0 0 6.5 23H20v-5" />
  </Icon>
)
