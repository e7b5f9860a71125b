/**
 * The theming API: every colour, the radius and the font come from `--flex-*`
 * custom properties (which, unlike other CSS, cross the shadow boundary). A
 * host's `--flex-*` value always wins; without one, the colour comes from the
 * palette the element's `theme` attribute picks, dark by default.
 * preflight.ts resolves both once, on the host, into `--fx-*`, which every
 * node in the shadow root (portalled dialogs included) inherits.
 */

/**
 * Both palettes pass WCAG AA for text on every surface they are used on. Dark:
 * the accent is light enough to read as link text (>= 4.9:1), so buttons carry
 * dark text on it (6.3:1). Light: indigo-600 reads on white and slate-100.
 * `border` draws dividers and cards, which need no contrast; a text field's or
 * a select's edge is all that shows where it is (its fill is near the
 * surface's), so `input-border` holds 3:1 against bg, surface and raised.
 */
export const palettes = {
  dark: {
    bg: '#0b1120',
    surface: '#111827',
    raised: '#1f2937',
    border: '#374151',
    'input-border': '#6b7280',
    fg: '#f9fafb',
    muted: '#9ca3af',
    accent: '#818cf8',
    'accent-hover': '#a5b4fc',
    'accent-fg': '#0b1120',
    danger: '#f87171',
    'danger-bg': '#450a0a',
    success: '#34d399',
    'success-bg': '#064e3b',
    warning: '#fbbf24',
    'warning-bg': '#3b2106',
    focus: '#c7d2fe',
    scheme: 'dark',
  },
  light: {
    bg: '#f8fafc',
    surface: '#fff',
    raised: '#f1f5f9',
    border: '#cbd5e1',
    'input-border': '#64748b',
    fg: '#0f172a',
    muted: '#475569',
    accent: '#4f46e5',
    'accent-hover': '#4338ca',
    'accent-fg': '#fff',
    danger: '#b91c1c',
    'danger-bg': '#fef2f2',
    success: '#047857',
    'success-bg': '#ecfdf5',
    warning: '#92400e',
    'warning-bg': '#fffbeb',
    focus: '#4f46e5',
    scheme: 'light',
  },
}

const names = Object.keys(palettes.dark).filter((n) => n !== 'scheme')

export const theme = {
  colors: Object.fromEntries(names.map((n) => [n, `var(--fx-${n})`])),
  borderRadius: { flex: 'var(--flex-radius, 8px)' },
  fontFamily: {
    flex: 'var(--flex-font, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif)',
    mono: 'var(--flex-font-mono, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace)',
  },
}
