// Acme's samples name its real API. The server that serves this page outside
// production (`npm start`) also serves the same routes under /demo-api, behind
// flex-portal/verify with request logs on: the samples are pointed there, so a
// call pasted with your key shows up in Usage and Requests. Run before the
// portal's script, while the code is still the site's own text.
const DEMO_API = `${location.origin}/demo-api`
for (const code of document.querySelectorAll('flex-snippet code')) {
  const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (node.nodeValue.includes('https://api.acme.example')) node.nodeValue = node.nodeValue.replaceAll('https://api.acme.example', DEMO_API)
}
