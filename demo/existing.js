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
