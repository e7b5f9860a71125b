/** Placeholder until its issue lands. */
export function ProjectsScreen() {
  return <p className="p-6 text-fg">Projects</p>
}
