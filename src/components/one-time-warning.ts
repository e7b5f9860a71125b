import { useT } from '../i18n'
import { reveal } from '../i18n/en/reveal'

/**
 * The one voice of the dialogs that show something once: the warning, in the
 * reader's language, naming everything the dialog shows once (the spec's
 * sentence about the key, then the webhook secret when there is one). Each of
 * them closes only by its one button, the spec's "Exit".
 */
export function useOneTimeWarning({ webhookSecret = false }: { webhookSecret?: boolean } = {}): string {
  const t = useT(reveal)
  const warning = t('reveal.oneTimeWarning')
  return webhookSecret ? `${warning} ${t('reveal.secretToo')}` : warning
}
