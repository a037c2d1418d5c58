import { Link } from 'react-router'
import { EmergencyNumbers } from '../../components/emergency-numbers'
import { FormAlert } from '../../components/form-alert'
import { PageShell } from '../../components/page-shell'
import { msg, useT } from '../../i18n/messages'
import { formatLocalNumber } from '../../lib/intl-formats'

const ILLNESSES = [
  { id: 'ams', name: msg('tours.amsName'), what: msg('tours.amsWhat'), signs: msg('tours.amsSigns') },
  { id: 'hace', name: msg('tours.haceName'), what: msg('tours.haceWhat'), signs: msg('tours.haceSigns') },
  { id: 'hape', name: msg('tours.hapeName'), what: msg('tours.hapeWhat'), signs: msg('tours.hapeSigns') },
] as const

const RULES = [msg('tours.ruleNoHigher'), msg('tours.ruleDescend'), msg('tours.ruleNotAlone'), msg('tours.ruleSlowly'), msg('tours.ruleRestDays'), msg('tours.ruleDrink')] as const

/**
 * /altitude-sickness: what acute mountain sickness, HACE and HAPE are, the rules that keep
 * trekkers safe, and Nepal's emergency numbers. Plain and calm; not medical advice.
 */
export function AltitudeSicknessPage() {
  const t = useT()
  return (
    <PageShell eyebrow={t('tours.safetyEyebrow')} title={t('tours.altitudeSicknessTitle')} description={t('tours.altitudeSicknessIntro', { metres: formatLocalNumber(2500) })}>
      <div className="relative -mt-16 mx-auto max-w-3xl space-y-6 sm:-mt-28">
        <FormAlert tone="error" title={t('tours.notMedicalAdvice')}>
          {t('tours.notMedicalAdviceText')}
        </FormAlert>
        {ILLNESSES.map((illness) => (
          <section key={illness.id} className="card p-5 sm:p-6" aria-labelledby={`illness-${illness.id}`}>
            <h2 id={`illness-${illness.id}`} className="text-lg font-semibold text-slate-900">
              {t(illness.name)}
            </h2>
            <p className="mt-2 text-sm text-slate-700">{t(illness.what)}</p>
            <p className="mt-3 text-sm font-semibold text-slate-900">{t('tours.signs')}</p>
            <p className="mt-1 text-sm text-slate-700">{t(illness.signs)}</p>
          </section>
        ))}
        <section className="card border-himal-200 bg-himal-50/50 p-5 sm:p-6" aria-labelledby="golden-rules">
          <h2 id="golden-rules" className="text-lg font-semibold text-slate-900">
            {t('tours.goldenRules')}
          </h2>
          <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-slate-800 marker:font-semibold marker:text-himal-700">
            {RULES.map((rule) => (
              <li key={rule}>{t(rule)}</li>
            ))}
          </ol>
        </section>
        <section className="card p-5 sm:p-6" aria-labelledby="emergency">
          <h2 id="emergency" className="text-lg font-semibold text-slate-900">
            {t('tours.emergencyTitle')}
          </h2>
          <p className="mt-2 text-sm text-slate-700">{t('tours.emergencyText')}</p>
          <EmergencyNumbers className="mt-3" />
        </section>
        <p className="text-center text-sm">
          <Link to="/tours" className="text-link font-semibold">
            {t('tours.browseTours')}
          </Link>
        </p>
      </div>
    </PageShell>
  )
}
