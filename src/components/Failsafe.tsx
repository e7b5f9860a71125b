import { Component, type ReactNode } from 'react'
import { useT } from '../i18n'
import { errors } from '../i18n/en/errors'
import { PendingPanel } from './StatusPanel'

/**
 * Around each element's screen: a render that throws (a broken server's answer that slipped past its
 * checks, a bug) says so in the element, in the reader's language, instead of leaving it blank; the
 * page and its other elements go on. React logs the error, as it does any it catches.
 */
export class Failsafe extends Component<{ children: ReactNode }, { failed?: boolean }> {
  override state: { failed?: boolean } = {}
  static getDerivedStateFromError = () => ({ failed: true })
  override render() {
    return this.state.failed ? <Failed /> : this.props.children
  }
}

function Failed() {
  const t = useT(errors)
  return <PendingPanel spinner={false}>{t('error.unknown')}</PendingPanel>
}
