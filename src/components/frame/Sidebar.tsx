import { Dialog } from '../dialog/Dialog'
import { CloseIcon } from '../icons/CloseIcon'
import { SidebarNav } from './SidebarNav'
import { useT } from '../../i18n'
import { frame } from '../../i18n/en/frame'
import { FOCUS_RING } from '../focus-ring'

export interface SidebarProps {
  /** The narrow element's sheet; from 768 px of element width up the sidebar is always shown. */
  open: boolean
  onClose: () => void
  /** sidebar="none": no column, only the sheet behind the menu button of a narrow element. */
  sheetOnly?: boolean
}

/** A column from 768 px of element width up; below that a sheet opened by the header's menu button. */
export function Sidebar({ open, onClose, sheetOnly }: SidebarProps) {
  const t = useT(frame)
  return (
    <>
      {!sheetOnly && (
        <aside className="hidden w-64 shrink-0 border-r border-border rtl:border-l rtl:border-r-0 bg-surface cq-md:block">
          <SidebarNav />
        </aside>
      )}
      <Dialog open={open} onClose={onClose} title={t('frame.sidebar')} hideTitle placement="start">
        <div className="flex justify-end p-2">
          <button type="button" onClick={onClose} className={`rounded-flex p-2 text-muted hover:text-fg ${FOCUS_RING}`}>
            <CloseIcon className="h-6 w-6" />
            <span className="sr-only">{t('frame.closeSidebar')}</span>
          </button>
        </div>
        <SidebarNav onNavigate={onClose} />
      </Dialog>
    </>
  )
}
