/** Placeholder until its issue lands. */
export function PortalScreen() {
  return <p className="p-6 text-fg">Flex Portal</p>
}
