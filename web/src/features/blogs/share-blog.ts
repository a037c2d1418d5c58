import type { Blog } from '../../lib/blog-text'

export const LINK_COPIED = 'Link copied to clipboard!'
export const COPY_FAILED = 'Could not copy the link. Copy it from the address bar instead.'
/** The share text is the start of the body (spec section 9). */
export const SHARE_TEXT_LENGTH = 100

export type ShareOutcome = 'shared' | 'dismissed' | 'copied' | 'failed'

/** The first 100 characters of the body (whole characters, never half an emoji). */
export function shareText(description: string): string {
  return Array.from(description).slice(0, SHARE_TEXT_LENGTH).join('')
}

/** The address of a post's page, to share. */
export function blogUrl(blogId: string, origin: string = window.location.origin): string {
  return `${origin}/blog/${blogId}`
}

/** What the device share sheet is given: the title, the start of the body and the link. */
export function shareData(blog: Pick<Blog, '_id' | 'title' | 'description'>, origin?: string): ShareData {
  return { title: blog.title, text: shareText(blog.description), url: blogUrl(blog._id, origin) }
}

/**
 * Shares a post with the device share sheet when there is one (a failed or dismissed share
 * is only logged, spec section 8); otherwise copies its link, and the page says
 * 'Link copied to clipboard!'.
 */
export async function shareBlog(blog: Pick<Blog, '_id' | 'title' | 'description'>, nav: Navigator = navigator): Promise<ShareOutcome> {
  const data = shareData(blog)
  if (typeof nav.share === 'function') {
    try {
      await nav.share(data)
      return 'shared'
    } catch (err) {
      console.log('Blog share did not complete', err)
      return 'dismissed'
    }
  }
  try {
    await nav.clipboard.writeText(data.url ?? '')
    return 'copied'
  } catch (err) {
    console.error('Could not copy the blog link', err)
    return 'failed'
  }
}
