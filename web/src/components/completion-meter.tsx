import { useT } from '../i18n/messages'
import { completionTone } from '../lib/profile-completion'

const tones = {
  red: { bar: 'bg-red-500', text: 'text-red-700' },
  amber: { bar: 'bg-amber-500', text: 'text-amber-700' },
  green: { bar: 'bg-emerald-500', text: 'text-emerald-700' },
} as const

/** Profile completion as a coloured bar: below 40 red, below 70 amber, else green. */
export function CompletionMeter({ percent }: { percent: number }) {
  const t = useT()
  const tone = tones[completionTone(percent)]
  return (
    <div data-tone={completionTone(percent)}>
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium text-slate-700">{t('common.profileCompletion')}</span>
        <span className={`font-bold ${tone.text}`}>{t('common.percent', { value: percent / 100 })}</span>
      </div>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label={t('common.profileCompletion')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className={`h-full rounded-full ${tone.bar} transition-all duration-300`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}
