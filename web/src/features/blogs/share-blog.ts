import type { Blog } from '../../lib/blog-text'
import { shareOrCopy, shareText, type ShareOutcome } from '../../lib/share'

/** The address of a post's page, to share. */
export function blogUrl(blogId: string, origin: string = window.location.origin): string {
  return `${origin}/blog/${blogId}`
}

/** What the device share sheet is given: the title, the start of the body and the link. */
export function shareData(blog: Pick<Blog, '_id' | 'title' | 'description'>, origin?: string) {
  return { title: blog.title, text: shareText(blog.description), url: blogUrl(blog._id, origin) }
}

/** Shares a post, or copies its link where there is no share sheet. */
export function shareBlog(blog: Pick<Blog, '_id' | 'title' | 'description'>, nav: Navigator = navigator): Promise<ShareOutcome> {
  return shareOrCopy(shareData(blog), nav)
}
