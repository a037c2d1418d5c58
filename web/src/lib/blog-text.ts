import { translate } from '../i18n/messages'
import type { components } from './api-schema'
import { localDateFormat } from './intl-formats'

export type Blog = components['schemas']['Blog']

/** The blog dashboard's excerpt length (spec section 9). */
export const EXCERPT_LENGTH = 100

/** A post's date as the cards and the post show it, e.g. 'March 5, 2026'. */
export function formatBlogDate(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : localDateFormat({ year: 'numeric', month: 'long', day: 'numeric' }, 'en-US').format(date)
}

/**
 * The start of a post's body on one line: at most `length` characters (whole characters,
 * never half an emoji), with '...' when something was cut.
 */
export function excerpt(text: string, length: number = EXCERPT_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  const characters = Array.from(flat)
  if (characters.length <= length) return flat
  return `${characters.slice(0, length).join('').trimEnd()}...`
}

/** The author's name as a post shows it, or 'Anonymous' when the post has none. */
export function authorName(blog: Pick<Blog, 'authorId'>): string {
  const author = blog.authorId as Partial<Blog['authorId']> | null | undefined
  const name = [author?.firstName, author?.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ')
  return name === '' ? translate('common.anonymous') : name
}

export const blogPath = (blogId: string) => `/blog/${blogId}`

/** '1 like', '12 likes'. */
export const likeCountText = (count: number) => translate('common.likeCount', { count })
