// Acme's language picker: the site's own script, run before the portal's, so
// the elements start in the chosen language. It only sets `lang` (and `dir`
// for a right-to-left language) on the page's flex-* elements; the portal
// follows a change at once. ?lang=de opens the page in that language.
const RIGHT_TO_LEFT = new Set(['ar', 'he'])
const picker = document.getElementById('docs-language')

function apply(lang) {
  for (const element of document.querySelectorAll('flex-portal, flex-snippet, flex-request-log')) {
    element.setAttribute('lang', lang)
    if (RIGHT_TO_LEFT.has(lang)) element.setAttribute('dir', 'rtl')
    else element.removeAttribute('dir')
  }
}

if (picker) {
  const asked = new URLSearchParams(location.search).get('lang')
  if (asked && [...picker.options].some((option) => option.value === asked)) picker.value = asked
  apply(picker.value)
  picker.addEventListener('change', () => {
    apply(picker.value)
    const url = new URL(location.href)
    url.searchParams.set('lang', picker.value)
    history.replaceState(history.state, '', url)
  })
}
