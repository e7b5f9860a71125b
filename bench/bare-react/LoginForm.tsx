/**
 * The yardstick page of the start-up benchmark: React 19 rendering the same
 * log-in form as the portal (heading, two fields, remember me, forgot link,
 * button), static, with no store, router, styles or shadow root.
 */
export function LoginForm() {
  return (
    <div>
      <h2>Log in to your account</h2>
      <form onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="email">Email address</label>
        <input id="email" name="email" type="email" autoComplete="email" required />
        <label htmlFor="password">Password</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required />
        <input id="remember" name="remember" type="checkbox" />
        <label htmlFor="remember">Remember me</label>
        <a role="link" aria-disabled="true">
          Forgot your password?
        </a>
        <button type="submit">Log in</button>
      </form>
    </div>
  )
}
