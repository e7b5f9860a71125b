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
    // Colours that pass WCAG AA (4.5:1) on Redoc's white and light grey
    // backgrounds; Redoc's own orange, green and blue badges do not.
    theme: {
      colors: {
        primary: { main: '#4338ca' },
        success: { main: '#15803d' },
        warning: { main: '#a16207' },
        error: { main: '#b91c1c' },
        text: { primary: '#1f2937', secondary: '#4b5563' },
        http: { get: '#15803d', post: '#1d4ed8', put: '#7e22ce', patch: '#a16207', delete: '#b91c1c', options: '#4b5563', head: '#4b5563' },
        responses: {
          success: { color: '#166534', backgroundColor: '#f0fdf4' },
          error: { color: '#991b1b', backgroundColor: '#fef2f2' },
          redirect: { color: '#92400e', backgroundColor: '#fffbeb' },
          info: { color: '#1e40af', backgroundColor: '#eff6ff' },
        },
      },
      typography: {
        fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
        headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
        // A long line of a sample wraps at its spaces; a longer word scrolls inside its box, never past its edge.
        code: { wrap: true },
      },
    },
  },
  root,
  () => {
    // The portal's "Flex Quickstart Guide" links to #quickstart: Redoc names that section section/Quickstart.
    if (location.hash === '#quickstart') location.replace('#section/Quickstart')
  },
)
