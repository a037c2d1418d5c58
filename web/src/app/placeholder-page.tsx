import { PageShell } from '../components/page-shell'

type PlaceholderPageProps = { title: string; description: string; eyebrow?: string }

/** A titled page frame for screens whose content later work fills in. */
export function PlaceholderPage({ title, description, eyebrow }: PlaceholderPageProps) {
  return <PageShell title={title} description={description} eyebrow={eyebrow} />
}
