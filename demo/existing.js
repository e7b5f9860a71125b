// Northwind's own page script. It runs before the portal's script.
//
// Signed in to Northwind (its demo cookie), the page hands its user to the
// portal: the elements get `session-url`, Northwind's backend route that asks
// the portal for a single-use code, so its user never sees the portal's log-in.
// Signed out, it shows its own log-in, and the portal's <flex-login> for a
// developer account of the portal's own.
const SESSION_URL = '/northwind/portal-session'

const user = document.cookie
  .split('; ')
  .find((c) => c.startsWith('northwind_user='))
  ?.slice('northwind_user='.length)

if (user) {
  let name = user
  try {
    name = decodeURIComponent(user)
  } catch {
    // a value the page did not write: shown as it is
  }
  document.getElementById('nw-signin')?.setAttribute('hidden', '')
  document.getElementById('nw-account')?.removeAttribute('hidden')
  const shown = document.getElementById('nw-user')
  if (shown) shown.textContent = name
  document.getElementById('nw-developer')?.remove()
  for (const el of document.querySelectorAll('flex-projects, flex-project-detail')) el.setAttribute('session-url', SESSION_URL)

  // Signing out of Northwind ends the portal's session in this browser too: the
  // next visitor of this page, signed out, must not see this user's projects.
  document.getElementById('nw-account')?.addEventListener('submit', () => localStorage.removeItem('accessData'))

  // "Sign out" in the portal's user menu: Northwind decides what follows, and signs its user out too.
  document.addEventListener('flex-signed-out', (event) => {
    if (event.detail?.reason === 'user') document.getElementById('nw-account')?.requestSubmit()
  })
}

// A name the portal would refuse comes back from Northwind's sign-in with the portal's reason (a cookie
// read once): shown under the field, with what was typed still in it to correct.
const REFUSAL = 'northwind_signin_refused='
const refusal = document.cookie.split('; ').find((c) => c.startsWith(REFUSAL))
if (refusal) {
  document.cookie = `${REFUSAL}; Max-Age=0; Path=/; SameSite=Lax`
  const input = document.getElementById('nw-name')
  const error = document.getElementById('nw-name-error')
  let shown
  try {
    shown = JSON.parse(decodeURIComponent(refusal.slice(REFUSAL.length)))
  } catch {
    // a value the page did not write: nothing to show
  }
  if (!user && input && error && typeof shown?.name === 'string' && typeof shown?.message === 'string') {
    input.value = shown.name
    error.textContent = shown.message
    error.hidden = false
    input.setAttribute('aria-invalid', 'true')
    input.setAttribute('aria-describedby', 'nw-name-error')
    input.focus()
    input.addEventListener('input', () => input.removeAttribute('aria-invalid'), { once: true })
  }
}

// The host page listening to the portal: event names go to the Activity list.
// Details are never shown (they carry ids only, but a page has no need of them).
const EVENTS = ['flex-signed-in', 'flex-signed-out', 'flex-project-created', 'flex-key-created', 'flex-key-deleted', 'flex-navigate']
const list = document.getElementById('activity')

for (const name of EVENTS) {
  document.addEventListener(name, () => {
    if (!list) return
    const item = document.createElement('li')
    item.textContent = `${new Date().toLocaleTimeString()} ${name}`
    list.prepend(item)
    while (list.children.length > 12) list.lastElementChild?.remove()
  })
}
