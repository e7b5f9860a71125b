import { useId, useState } from 'react'
import { useErrorText } from '../../../hooks/useErrorText'
import type { Project } from '../../../api/types'
import { Alert } from '../../../components/Alert'
import { Spinner } from '../../../components/Button'
import { apiDocsUrl } from '../../../constants'
import { useElement } from '../../../context/element'
import { useLang, useT } from '../../../i18n'
import { usage as texts } from '../../../i18n/en/usage'
import type { KeyMode } from '../../../../contract/constants'
import { FilterBar, FilterSelect, ModeFilter } from '../../../components/FilterSelect'
import { UsageChart, usageSummary } from './UsageChart'
import { combine, sum, USAGE_DAYS } from './usage-data'
import { keysVersion, useUsage } from './useUsage'
import { Heading } from '../../../components/Heading'
import { LazyLogQuality } from '../../../components/request-logs/lazy'
import { useCapability } from '../../../hooks/useCapability'
import { FOCUS_RING } from '../../../components/focus-ring'

const ALL = ''

/** 'Usage': verifications of the project's keys per day over 30 days, for all keys or one, and (with a test key) live or test keys alone. */
export function UsageSection({ project }: { project: Project }) {
  const { apiBase } = useElement()
  const t = useT(texts)
  const errorText = useErrorText()
  const lang = useLang()
  const [mode, setMode] = useState(ALL)
  const testKeys = project.keys?.some((k) => k.mode === 'test')
  const usage = useUsage(project.id, keysVersion(project), testKeys ? (mode as KeyMode) : ALL)
  // Servers that keep request logs add each day's error rate and p95 latency.
  const logs = useCapability('request-logs')
  const [picked, setPicked] = useState(ALL)
  const headingId = useId()
  const data = usage.data
  const keys = data?.keys ?? []
  const chosen = keys.find((k) => k.keyId === picked)
  const live = new Map((project.keys ?? []).map((k) => [k.id, k]))
  // After a roll two keys share a name: each option then also shows its key's masked value (or id, once deleted).
  const optionText = (k: (typeof keys)[number]) => {
    const twin = keys.some((o) => o.keyId !== k.keyId && o.name === k.name)
    const name = twin ? `${k.name} · ${live.get(k.keyId)?.maskedKey ?? k.keyId}` : k.name
    return live.has(k.keyId) ? name : t('usage.deletedKey', { name })
  }
  const total = keys.reduce((n, k) => n + sum(k.valid) + sum(k.invalid), 0)

  let body
  if (!data) {
    body =
      usage.error !== undefined ? (
        <Alert className="mt-4" onRetry={usage.retry}>
          <p className="font-semibold">{t('usage.loadFailed')}</p>
          <p>{errorText(usage.error)}</p>
        </Alert>
      ) : (
        <p role="status" className="mt-4 flex items-center gap-3 text-sm text-muted">
          <Spinner />
          {t('usage.loading')}
        </p>
      )
  } else if (total === 0) {
    const docs = apiDocsUrl(apiBase)
    // Gone once the request log's chart below shows calls (its figure): calls reported without a verification here.
    body = (
      <div className="mt-4 rounded-flex border border-dashed border-border px-4 py-8 text-center text-sm [section:has(figure)_&]:hidden">
        <p className="font-medium text-fg">{t('usage.empty')}</p>
        {docs && (
          <a
            href={`${docs}#tag/Verification`}
            target="_blank"
            rel="noopener noreferrer"
            className={`mt-2 inline-block rounded-flex font-semibold text-accent hover:text-accent-hover ${FOCUS_RING}`}
          >
            {t('usage.howTo')}
            <span className="sr-only"> {t('usage.newTab')}</span>
          </a>
        )}
      </div>
    )
  } else {
    const { valid, invalid } = chosen ? { valid: chosen.valid, invalid: chosen.invalid } : combine(keys, data.days.length)
    body = (
      <div className="mt-4">
        <UsageChart days={data.days} valid={valid} invalid={invalid} summary={usageSummary(USAGE_DAYS, valid, invalid, chosen?.name, t, lang)} />
      </div>
    )
  }

  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-flex border border-border bg-surface p-4 cq-sm:p-6">
      <Heading id={headingId} depth={1} className="text-lg font-semibold text-fg">
        {t('usage.heading')}
      </Heading>
      <p className="mt-1 text-sm text-muted">{t('usage.intro', { days: USAGE_DAYS })}</p>
      {(total > 0 || testKeys) && (
        <FilterBar>
          {total > 0 && (
            <FilterSelect
              label={t('usage.key')}
              value={chosen ? picked : ALL}
              set={setPicked}
              options={[[ALL, t('usage.allKeys')], ...keys.map((k) => [k.keyId, optionText(k)] as const)]}
            />
          )}
          {/* Live or test only matters once the project has a test key; the choice stays while its numbers load. */}
          {testKeys && <ModeFilter value={mode} set={setMode} />}
        </FilterBar>
      )}
      {body}
      {logs && <LazyLogQuality projectId={project.id} />}
    </section>
  )
}
