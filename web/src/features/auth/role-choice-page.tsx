import { useState, type ReactNode } from 'react'
import { BackpackIcon, CheckIcon, FlagIcon } from '../../components/icons'
import { msg, useT } from '../../i18n/messages'

type RoleOption = { key: 'guide' | 'tourist'; title: string; heading: string; text: string; icon: ReactNode }

const options: RoleOption[] = [
  {
    key: 'guide',
    title: msg('auth.tourGuide'),
    heading: msg('auth.joinAsGuide'),
    text: msg('auth.joinAsGuideText'),
    icon: <FlagIcon />,
  },
  {
    key: 'tourist',
    title: msg('auth.traveller'),
    heading: msg('auth.joinAsTraveller'),
    text: msg('auth.joinAsTravellerText'),
    icon: <BackpackIcon />,
  },
]

export function RoleChoicePage() {
  const [selected, setSelected] = useState<RoleOption | null>(null)
  const t = useT()

  function handleSubmit() {
    if (!selected) {
      window.alert(t('auth.selectRole'))
      return
    }
    window.alert(t('auth.chosenRole', { role: t(selected.title) }))
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <div className="text-center">
        <p className="text-xs font-semibold tracking-widest text-marigold-700 uppercase">{t('auth.getStarted')}</p>
        <h1 className="mt-2 font-display text-3xl font-bold tracking-tight text-himal-900 sm:text-4xl">{t('auth.chooseAdventure')}</h1>
        <p className="mx-auto mt-3 max-w-xl text-slate-600">{t('auth.chooseAdventureText')}</p>
      </div>

      <div className="mt-10 grid gap-5 sm:grid-cols-2" role="group" aria-label={t('auth.roles')}>
        {options.map((option) => {
          const isSelected = selected?.key === option.key
          return (
            <button
              key={option.key}
              type="button"
              aria-pressed={isSelected}
              onClick={() => setSelected(option)}
              className={`card relative flex flex-col items-start p-6 text-left transition hover:-translate-y-0.5 hover:shadow-lg sm:p-8 ${
                isSelected ? 'border-himal-600 ring-2 ring-himal-600' : ''
              }`}
            >
              <span className={`flex h-12 w-12 items-center justify-center rounded-2xl text-2xl ${isSelected ? 'bg-himal-700 text-white' : 'bg-himal-50 text-himal-700'}`}>
                {option.icon}
              </span>
              <span className="mt-5 text-xl font-semibold text-slate-900">{t(option.heading)}</span>
              <span className="mt-2 text-sm leading-relaxed text-slate-600">{t(option.text)}</span>
              <span
                aria-hidden="true"
                className={`absolute top-5 right-5 flex h-7 w-7 items-center justify-center rounded-full border-2 text-sm ${
                  isSelected ? 'border-himal-700 bg-himal-700 text-white' : 'border-slate-300 text-transparent'
                }`}
              >
                <CheckIcon />
              </span>
            </button>
          )
        })}
      </div>

      <div className="mt-10 flex justify-center">
        <button type="button" className="btn-primary min-w-48 py-3" onClick={handleSubmit}>
          {t('auth.submit')}
        </button>
      </div>
    </div>
  )
}
