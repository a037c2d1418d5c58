import type { Blog } from '../../lib/blog-text'
import { msg, translate } from '../../i18n/messages'
import { imageFileProblem } from '../../lib/image-file'
import { localNumberFormat } from '../../lib/intl-formats'

/** The server's bounds (characters, after trimming). */
export const TITLE_MAX = 150
export const CONTENT_MAX = 20_000

export const TITLE_REQUIRED = msg('blogs.titleRequired')
export const CONTENT_REQUIRED = msg('blogs.contentRequired')
export const TITLE_TOO_LONG = msg('blogs.titleTooLong')
export const CONTENT_TOO_LONG = msg('blogs.contentTooLong')

/** The blog form as typed. */
export type BlogDraft = {
  title: string
  content: string
  /** The optional Nepali title and text (issue 26); empty for none. */
  titleNe: string
  contentNe: string
  /** A new image to upload, or null to keep (or not have) one. */
  image: File | null
  /** Editing: drop the image the post has now. */
  removeImage: boolean
}

export const EMPTY_DRAFT: BlogDraft = { title: '', content: '', titleNe: '', contentNe: '', image: null, removeImage: false }

/** The form filled with a saved post, for editing. */
export function draftFrom(blog: Pick<Blog, 'title' | 'description' | 'titleNe' | 'descriptionNe'>): BlogDraft {
  return { title: blog.title, content: blog.description, titleNe: blog.titleNe ?? '', contentNe: blog.descriptionNe ?? '', image: null, removeImage: false }
}

/** Whether the form differs from what it started as (a saved post, or empty). */
export function isDirty(draft: BlogDraft, start: BlogDraft): boolean {
  return (
    draft.title !== start.title ||
    draft.content !== start.content ||
    draft.titleNe !== start.titleNe ||
    draft.contentNe !== start.contentNe ||
    draft.image !== null ||
    draft.removeImage !== start.removeImage
  )
}

/**
 * Characters as the server counts them: after trimming, whole characters (an emoji is one),
 * and a line break as one (the server reads a form's CR LF as one line break).
 */
export function serverLength(text: string): number {
  return Array.from(text.trim().replace(/\r\n|\r/g, '\n')).length
}

export type DraftErrors = Partial<Record<'title' | 'content' | 'image', string>>

/** What is wrong with each field, as the server says it, in the reader's language; empty when it can be sent. */
export function validateDraft(draft: BlogDraft): DraftErrors {
  const errors: DraftErrors = {}
  const titleLength = serverLength(draft.title)
  if (titleLength === 0) errors.title = translate(TITLE_REQUIRED)
  else if (titleLength > TITLE_MAX) errors.title = translate(TITLE_TOO_LONG, { max: localNumberFormat({ useGrouping: false }).format(TITLE_MAX) })
  const contentLength = serverLength(draft.content)
  if (contentLength === 0) errors.content = translate(CONTENT_REQUIRED)
  else if (contentLength > CONTENT_MAX) errors.content = translate(CONTENT_TOO_LONG, { max: localNumberFormat({ useGrouping: false }).format(CONTENT_MAX) })
  const imageProblem = draft.image && imageFileProblem(draft.image)
  if (imageProblem) errors.image = translate(imageProblem)
  return errors
}

/**
 * The multipart body of create and edit: title, description and the stored role (the spec's
 * payload), the image only when a new one was chosen, and `removeImage=true` when the post's
 * image should go.
 */
export function draftForm(draft: BlogDraft, role: string | null): FormData {
  const form = new FormData()
  form.append('title', draft.title.trim())
  form.append('description', draft.content.trim())
  // Always sent, so that emptying one removes the post's Nepali text.
  form.append('titleNe', draft.titleNe.trim())
  form.append('descriptionNe', draft.contentNe.trim())
  if (role) form.append('role', role)
  if (draft.image) form.append('image', draft.image)
  else if (draft.removeImage) form.append('removeImage', 'true')
  return form
}
