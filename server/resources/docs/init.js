// Renders the API reference from the server's own OpenAPI document with Redoc,
// whose bundle this server serves itself (no CDN). A separate file, not an
// inline script, so the page runs under a CSP without 'unsafe-inline' scripts.
/* global Redoc */
const root = document.getElementById('reference')
Redoc.init(
  'openapi.json',
  {
    hideDownloadButton: false,
    expandResponses: '200,201',
    theme: {
      colors: { primary: { main: '#4f46e5' } },
      typography: {
        fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
        headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
      },
    },
  },
  root,
  () => {
    // The portal's "Flex Quickstart Guide" links to #quickstart: Redoc names that section section/Quickstart.
    if (location.hash === '#quickstart') location.replace('#section/Quickstart')
  },
)
