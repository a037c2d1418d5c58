import { Link } from 'react-router'
import { PageShell } from '../../components/page-shell'
import { msg, useT } from '../../i18n/messages'

interface Section {
  id: string
  title: string
  body: string
}

const TERMS: Section[] = [
  { id: 'accounts', title: msg('legal.termsAccountsTitle'), body: msg('legal.termsAccountsBody') },
  { id: 'guides', title: msg('legal.termsGuidesTitle'), body: msg('legal.termsGuidesBody') },
  { id: 'bookings', title: msg('legal.termsBookingsTitle'), body: msg('legal.termsBookingsBody') },
  { id: 'conduct', title: msg('legal.termsConductTitle'), body: msg('legal.termsConductBody') },
  { id: 'safety', title: msg('legal.termsSafetyTitle'), body: msg('legal.termsSafetyBody') },
  { id: 'liability', title: msg('legal.termsLiabilityTitle'), body: msg('legal.termsLiabilityBody') },
  { id: 'delete', title: msg('legal.termsDeleteTitle'), body: msg('legal.termsDeleteBody') },
  { id: 'changes', title: msg('legal.termsChangesTitle'), body: msg('legal.termsChangesBody') },
]

const PRIVACY: Section[] = [
  { id: 'what-we-store', title: msg('legal.privacyStoreTitle'), body: msg('legal.privacyStoreBody') },
  { id: 'who-sees-it', title: msg('legal.privacySeeTitle'), body: msg('legal.privacySeeBody') },
  { id: 'how-long', title: msg('legal.privacyKeepTitle'), body: msg('legal.privacyKeepBody') },
  { id: 'delete', title: msg('legal.privacyDeleteTitle'), body: msg('legal.privacyDeleteBody') },
  { id: 'choices', title: msg('legal.privacyRightsTitle'), body: msg('legal.privacyRightsBody') },
]

/**
 * A section's text: paragraphs, one a line, and runs of lines starting "- " as a list.
 * Kept as plain lines in the catalogue so a translator edits sentences, not markup.
 */
function Body({ text }: { text: string }) {
  const blocks: (string | string[])[] = []
  for (const line of text.split('\n')) {
    if (line.startsWith('- ')) {
      const last = blocks[blocks.length - 1]
      if (Array.isArray(last)) last.push(line.slice(2))
      else blocks.push([line.slice(2)])
    } else if (line.trim()) {
      blocks.push(line)
    }
  }
  return (
    <div className="mt-3 space-y-3 text-sm leading-relaxed text-slate-700 sm:text-base">
      {blocks.map((block, i) =>
        Array.isArray(block) ? (
          <ul key={i} className="list-disc space-y-2 pl-5 marker:text-himal-700">
            {block.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={i}>{block}</p>
        ),
      )}
    </div>
  )
}

function LegalPage({ title, intro, sections, seeAlso }: { title: string; intro: string; sections: Section[]; seeAlso: { to: string; text: string } }) {
  const t = useT()
  return (
    <PageShell title={t(title)} description={t(intro)}>
      <div className="relative -mt-16 mx-auto max-w-3xl space-y-6 sm:-mt-28">
        <nav aria-label={t('legal.contents')} className="card p-5 sm:p-6">
          <p className="text-sm text-slate-500">{t('legal.updated')}</p>
          <h2 className="mt-3 text-sm font-semibold text-slate-900">{t('legal.contents')}</h2>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-link">
                  {t(section.title)}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section) => (
          <section key={section.id} id={section.id} className="card scroll-mt-4 p-5 sm:p-6" aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`} className="text-lg font-semibold text-slate-900">
              {t(section.title)}
            </h2>
            <Body text={t(section.body)} />
          </section>
        ))}
        <p className="text-center text-sm">
          <Link to={seeAlso.to} className="text-link font-semibold">
            {t(seeAlso.text)}
          </Link>
        </p>
      </div>
    </PageShell>
  )
}

/** /terms: the Terms of Service that sign-up asks to accept. */
export function TermsPage() {
  return <LegalPage title={msg('legal.termsTitle')} intro={msg('legal.termsIntro')} sections={TERMS} seeAlso={{ to: '/privacy', text: msg('legal.seeAlsoPrivacy') }} />
}

/** /privacy: what Yatra stores, who sees it, how long it is kept, how to delete it. */
export function PrivacyPage() {
  return <LegalPage title={msg('legal.privacyTitle')} intro={msg('legal.privacyIntro')} sections={PRIVACY} seeAlso={{ to: '/terms', text: msg('legal.seeAlsoTerms') }} />
}
