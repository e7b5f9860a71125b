/** Placeholder until its issue lands. */
export function SignupScreen() {
  return <p className="p-6 text-fg">Sign up</p>
}
