import { useSearchParams } from 'react-router'
import { PageShell } from '../components/page-shell'

type PlaceholderPageProps = { title: string; description: string; eyebrow?: string }

/** A titled page frame for screens whose content later work fills in. */
export function PlaceholderPage({ title, description, eyebrow }: PlaceholderPageProps) {
  return <PageShell title={title} description={description} eyebrow={eyebrow} />
}

export function SearchPlaceholderPage() {
  const [params] = useSearchParams()
  const q = params.get('q') ?? ''
  return (
    <PageShell
      eyebrow="Search"
      title={q ? `Search Results for "${q}"` : 'Search guides'}
      description="Guides that match your words and places across Nepal."
    />
  )
}
