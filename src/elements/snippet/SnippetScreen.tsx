import { createPortal } from 'react-dom'
import { CopyButton } from '../../components/copy-field/CopyButton'
import { useElement } from '../../context/element'
import { SnippetPicker } from './SnippetPicker'
import { useFill } from './useFill'
import { useSnippet } from './useSnippet'
import { STAND_INS } from '../../components/snippets/fill'

/** Copy's notice when the code holds YOUR_API_KEY: the reader must put a key in before it runs. */
export const PLACEHOLDER_COPIED = 'Copied, with YOUR_API_KEY as a placeholder'

/** The filled text of the host's blocks: each <pre>, else all of the light DOM. */
function codeText(host: HTMLElement): string {
  const blocks = [...host.querySelectorAll('pre')]
  return (blocks.length ? blocks.map((b) => b.textContent).join('\n') : (host.textContent ?? '')).trim()
}

/**
 * <flex-snippet>'s shadow root: a <slot> that shows the host's own code, then
 * a compact bar (picker or hint, and Copy). The slot is portalled straight into
 * the shadow root, outside `.flex-root`, whose `all: initial` would otherwise
 * reset the styles the host's code inherits.
 */
export function SnippetScreen() {
  const { host, root, envPrefix } = useElement()
  const state = useSnippet()
  useFill(host, state.values, envPrefix)
  return (
    <>
      <div part="bar" className="flex flex-wrap items-center gap-2 rounded-flex bg-surface px-2 py-1 font-flex text-xs text-muted">
        {state.projectId && <SnippetPicker {...state} />}
        {state.hint && <span>{state.hint}</span>}
        <span className="flex-1" />
        <CopyButton label="Copy" text={() => codeText(host)} copied={state.values.apiKey === STAND_INS.apiKey ? PLACEHOLDER_COPIED : undefined} />
      </div>
      {createPortal(<slot />, root)}
    </>
  )
}
