import { isLanguageChoice, LANGUAGE_CHOICES, languageOf, useLanguageChoice, type LanguageChoice } from '../../i18n/language'
import { chooseLanguage, useT } from '../../i18n/messages'
import { authApi } from '../../lib/api-client'
import { getToken } from '../../lib/auth-store'
import { NavSelect } from './nav-select'

const optionIds: Record<LanguageChoice, string> = { en: 'language.en', ne: 'language.ne', 'ne-latn': 'language.neLatn' }

/**
 * English or Nepali (with Devanagari or Latin digits); remembered in this browser. Each
 * option says what it is: a language's own name, and the digits choice in the reader's words.
 */
export function LanguageSwitcher({ variant }: { variant: 'compact' | 'full' }) {
  const chosen = useLanguageChoice()
  const reading = languageOf(chosen)
  const t = useT()
  return (
    <NavSelect
      variant={variant}
      label={t('language.label')}
      value={chosen}
      options={LANGUAGE_CHOICES.map((choice) => ({ value: choice, label: t(optionIds[choice]), lang: choice === 'ne-latn' ? reading : languageOf(choice) }))}
      onChange={(value) => {
        if (!isLanguageChoice(value)) return
        void chooseLanguage(value)
        // Emails have no page to read the choice from: the account keeps it. A failure here
        // only leaves emails in the old language, so it is logged, not shown.
        if (getToken()) {
          authApi.PATCH('/api/v1/protect/language', { body: { language: languageOf(value) } }).catch((err: unknown) => console.error('Failed to save the language for emails', err))
        }
      }}
    />
  )
}
