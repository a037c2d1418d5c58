import type { Blog } from '../../lib/blog-text'

/**
 * The author's posts whose title or body contains the search text, ignoring case and
 * accents; every post when the text is blank.
 */
export function filterBlogs<T extends Pick<Blog, 'title' | 'description'>>(blogs: T[], search: string): T[] {
  const needle = fold(search.trim())
  if (needle === '') return blogs
  return blogs.filter((blog) => fold(blog.title).includes(needle) || fold(blog.description).includes(needle))
}

/** Lower case without accents, so 'pokhara' finds 'Pokhará'. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
}
