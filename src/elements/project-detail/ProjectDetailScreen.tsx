/** Placeholder until its issue lands. */
export function ProjectDetailScreen() {
  return <p className="p-6 text-fg">Project</p>
}
