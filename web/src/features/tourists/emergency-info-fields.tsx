import { TextField } from '../../components/text-field'
import { useT } from '../../i18n/messages'
import type { EmergencyDraft } from './emergency-info'

type Props = { draft: EmergencyDraft; onChange: (draft: EmergencyDraft) => void }

/** The traveller form's emergency section (all optional, private). */
export function EmergencyInfoFields({ draft, onChange }: Props) {
  const t = useT()
  const field = (key: keyof EmergencyDraft) => ({
    name: key,
    value: draft[key],
    onChange: (e: { target: { value: string } }) => onChange({ ...draft, [key]: e.target.value }),
  })
  return (
    <fieldset className="rounded-xl border border-red-100 bg-red-50/40 p-4">
      <legend className="px-1 font-semibold text-slate-900">{t('sos.emergencyLegend')}</legend>
      <p className="text-sm text-slate-600">{t('sos.emergencyIntro')}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField label={t('sos.contactName')} maxLength={100} autoComplete="off" {...field('contactName')} />
        <TextField label={t('sos.contactPhone')} type="tel" maxLength={30} placeholder="+977 9841000000" autoComplete="off" {...field('contactPhone')} />
        <TextField label={t('sos.contactEmail')} type="email" maxLength={254} autoComplete="off" className="sm:col-span-2" {...field('contactEmail')} />
        <TextField label={t('sos.insuranceProvider')} maxLength={100} {...field('insuranceProvider')} />
        <TextField label={t('sos.policyNumber')} maxLength={60} {...field('insurancePolicyNumber')} />
        <TextField label={t('sos.insurancePhone')} type="tel" maxLength={30} className="sm:col-span-2" {...field('insuranceEmergencyPhone')} />
      </div>
    </fieldset>
  )
}
