import { Component, type ReactNode } from 'react'
import { useT } from '../i18n'
import { errors } from '../i18n/en/errors'
import { FailedPanel } from './StatusPanel'

/**
 * Around each element's screen: a render that throws (a broken server's answer that slipped past its
 * checks, a bug) says so in the element, in the reader's language, instead of leaving it blank; the
 * page and its other elements go on. "Try again" renders the screen anew, which asks the server again.
 * React logs the error, as it does any it catches.
 */
export class Failsafe extends Component<{ children: ReactNode }, { failed?: boolean }> {
  override state: { failed?: boolean } = {}
  static getDerivedStateFromError = () => ({ failed: true })
  override render() {
    return this.state.failed ? <Failed retry={() => this.setState({ failed: false })} /> : this.props.children
  }
}

function Failed({ retry }: { retry: () => void }) {
  const t = useT(errors)
  return <FailedPanel title={t('error.unknown')} onRetry={retry} />
}
