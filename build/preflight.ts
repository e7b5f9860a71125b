/**
 * Preflight scoped to a shadow root. The stock Tailwind preflight targets
 * `html`/`body`, which never match inside a shadow root. `.flex-root` is the one
 * wrapper every element renders: `all: initial` cuts every inherited property
 * (font-size, colour, line-height…) that a host page sets on our host element,
 * custom properties excepted — those are the theming API.
 */
import { palettes } from './theme.ts'

const font = 'var(--flex-font, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif)'
// `--fx-x: var(--flex-x, palette)`: the host's variable, set on the element or
// an ancestor, wins over the palette of whichever theme is chosen.
const vars = (p: Record<string, string>) =>
  Object.fromEntries(Object.entries(p).map(([k, value]) => [`--fx-${k}`, k === 'scheme' ? value : `var(--flex-${k}, ${value})`]))

export const preflight = {
  // The palette is set on the host, so portalled dialogs in the same shadow root
  // inherit it too; `theme="auto"` follows the system setting live, by CSS alone.
  ':host': { display: 'block', ...vars(palettes.dark) },
  ':host([theme=light])': vars(palettes.light),
  '@media (prefers-color-scheme: light)': { ':host([theme=auto])': vars(palettes.light) },
  ':host([hidden])': { display: 'none' },
  '.flex-root': {
    all: 'initial',
    display: 'flex',
    flexDirection: 'column',
    // A host that gives the element a min-height (the standalone page: 100vh)
    // gets a screen-tall layout, whatever display it sets on the element;
    // embedded, the element is as tall as its content.
    minHeight: 'inherit',
    fontFamily: font,
    fontSize: '16px',
    lineHeight: '1.5',
    color: 'var(--fx-fg)',
    colorScheme: 'var(--fx-scheme)',
    textAlign: 'start',
    WebkitFontSmoothing: 'antialiased',
    WebkitTextSizeAdjust: '100%',
  },
  // Layout follows the element's own width (the cq-* variants), never the viewport's.
  // Only the screen's root is a container: containment would make it the
  // containing block of the fixed dialogs, which are portalled beside it.
  '.flex-cq': { containerType: 'inline-size' },
  // Focus moved to a screen's heading by script: no ring on a non-control.
  "[tabindex='-1']:focus": { outline: 'none' },
  '*,::before,::after': { boxSizing: 'border-box', borderWidth: '0', borderStyle: 'solid', borderColor: 'currentColor', margin: '0', padding: '0' },
  'h1,h2,h3,h4,h5,h6': { fontSize: 'inherit', fontWeight: 'inherit' },
  // Japanese and Chinese break between any two characters: a heading squeezed beside its buttons split
  // "API キー" inside the word, and a navigation link "Northwind プロジェクト" left its last character
  // alone on a line. Headings and navigation wrap at spaces and punctuation instead, and mid-word only
  // when a word is wider than the line.
  ':lang(ja) :is(h1,h2,h3,h4,h5,h6,nav a),:lang(zh) :is(h1,h2,h3,h4,h5,h6,nav a)': { wordBreak: 'keep-all', overflowWrap: 'break-word' },
  a: { color: 'inherit', textDecoration: 'inherit' },
  'b,strong': { fontWeight: 'bolder' },
  'code,kbd,samp,pre': { fontFamily: 'var(--flex-font-mono, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace)', fontSize: '1em' },
  table: { textIndent: '0', borderColor: 'inherit', borderCollapse: 'collapse' },
  'button,input,optgroup,select,textarea': {
    fontFamily: 'inherit',
    fontSize: '100%',
    fontWeight: 'inherit',
    lineHeight: 'inherit',
    color: 'inherit',
    letterSpacing: 'inherit',
  },
  'button,select': { textTransform: 'none' },
  "button,[type='button'],[type='reset'],[type='submit']": {
    WebkitAppearance: 'button',
    backgroundColor: 'transparent',
    backgroundImage: 'none',
    cursor: 'pointer',
  },
  ':disabled': { cursor: 'default' },
  'ol,ul,menu': { listStyle: 'none' },
  // The host's logo (slot="logo") gets a size unless its own page's CSS gives it one.
  '::slotted([slot=logo])': { display: 'block', height: '48px', width: 'auto', maxWidth: '240px' },
  '.frame-logo::slotted([slot=logo])': { height: '32px', maxWidth: '160px' },
  'img,svg,video,canvas,audio,iframe,embed,object': { display: 'block', verticalAlign: 'middle' },
  'img,video': { maxWidth: '100%', height: 'auto' },
  '[hidden]': { display: 'none' },
  'input::placeholder,textarea::placeholder': { opacity: '1', color: 'var(--fx-muted)' },
  // Right to left, the texts may still be English (no bundled language is
  // right to left): each text element takes its direction from its own words,
  // so an English sentence keeps its full stop at its end. That would also
  // align it by its words (start = left), so alignment is inherited as 'right'
  // instead; boxes still lay out right to left (direction is untouched).
  '.flex-root[dir=rtl]': { textAlign: 'right' },
  '[dir=rtl] .text-start': { textAlign: 'right' },
  '[dir=rtl] :where(h1,h2,h3,h4,p,div,label,legend,li,td,th,dt,dd,span,a,button,strong,small,time)': { unicodeBidi: 'plaintext' },
}
