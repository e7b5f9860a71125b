/**
 * The theming API: every colour, the radius and the font come from `--flex-*`
 * custom properties (which, unlike other CSS, cross the shadow boundary), with
 * the dark theme of the spec as fallback.
 */
const v = (name: string, fallback: string) => `var(--flex-${name}, ${fallback})`

export const theme = {
  colors: {
    bg: v('bg', '#0b1120'),
    surface: v('surface', '#111827'),
    raised: v('raised', '#1f2937'),
    border: v('border', '#374151'),
    fg: v('fg', '#f9fafb'),
    muted: v('muted', '#9ca3af'),
    // Light enough to read as link text on every surface (>= 4.9:1), so buttons
    // carry dark text on it (6.3:1); white on indigo-500 was 4.47:1, under AA.
    accent: v('accent', '#818cf8'),
    'accent-hover': v('accent-hover', '#a5b4fc'),
    'accent-fg': v('accent-fg', '#0b1120'),
    danger: v('danger', '#f87171'),
    'danger-bg': v('danger-bg', '#450a0a'),
    success: v('success', '#34d399'),
    'success-bg': v('success-bg', '#064e3b'),
    focus: v('focus', '#c7d2fe'),
  },
  borderRadius: { flex: v('radius', '8px') },
  fontFamily: {
    flex: v('font', 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif'),
    mono: v('font-mono', 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace'),
  },
}
