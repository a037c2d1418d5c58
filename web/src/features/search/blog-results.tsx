/**
 * Where blog posts matching the search will be listed. Blogs come with a later issue,
 * which fills this in; until then it shows nothing rather than made-up posts.
 */
export function BlogResults(_props: { query: string }) {
  return null
}
