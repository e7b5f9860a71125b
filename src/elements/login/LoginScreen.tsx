/** Placeholder until its issue lands. */
export function LoginScreen() {
  return <p className="p-6 text-fg">Log in</p>
}
