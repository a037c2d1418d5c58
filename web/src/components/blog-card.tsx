import type { MouseEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { useT } from '../i18n/messages'
import { blogInLanguage, useContentLanguage } from '../lib/content-language'
import { localNumberFormat } from '../lib/intl-formats'
import { blogPath, excerpt, formatBlogDate, likeCountText, type Blog } from '../lib/blog-text'
import { ArrowRightIcon, CalendarIcon, HeartIcon } from './icons'
import { CARD_SIZES, Photo } from './photo'

/** Characters of the body a card shows before its three lines are clamped. */
const CARD_EXCERPT_LENGTH = 180

type BlogCardProps = {
  blog: Blog
  headingLevel?: 'h2' | 'h3'
  /** The first card of a list that opens the page: its image loads first. */
  priority?: boolean
}

/** A blog post card (image, date, title, excerpt, likes, 'Read More'); clicking it opens the post. */
export function BlogCard({ blog: given, headingLevel: Heading = 'h2', priority = false }: BlogCardProps) {
  const navigate = useNavigate()
  const t = useT()
  const blog = blogInLanguage(given, useContentLanguage())
  const path = blogPath(blog._id)

  function openOnClick(e: MouseEvent<HTMLElement>) {
    // 'Read More' is the keyboard's way in and navigates by itself.
    if ((e.target as HTMLElement).closest('a, button')) return
    navigate(path)
  }

  return (
    <article className="card group flex h-full cursor-pointer flex-col overflow-hidden transition-shadow hover:shadow-float" aria-label={blog.title} onClick={openOnClick}>
      <Photo src={blog.imageThumb ?? blog.image} variants={blog.imageVariants} sizes={CARD_SIZES} priority={priority} alt="" className="h-48" />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-center justify-between gap-3 text-xs text-slate-500">
          <span className="inline-flex items-center gap-1.5">
            <CalendarIcon className="text-himal-500" />
            <time dateTime={blog.createdAt}>{formatBlogDate(blog.createdAt)}</time>
          </span>
          <span className="inline-flex items-center gap-1" title={likeCountText(blog.likeCount)}>
            <HeartIcon filled={blog.likedByMe} className={blog.likedByMe ? 'text-rose-600' : 'text-slate-500'} />
            <span aria-hidden="true">{localNumberFormat().format(blog.likeCount)}</span>
            <span className="sr-only">{likeCountText(blog.likeCount)}</span>
          </span>
        </div>
        <Heading className="mt-2 line-clamp-2 text-lg font-semibold break-words text-slate-900 group-hover:text-himal-700">{blog.title}</Heading>
        <p className="mt-2 line-clamp-3 text-sm break-words text-slate-600">{excerpt(blog.description, CARD_EXCERPT_LENGTH)}</p>
        <div className="mt-auto pt-4">
          {/* Part visually hidden, not aria-label: search engines read the link's text, and 'Read More' alone says nothing. */}
          <Link to={path} className="inline-flex items-center gap-1 text-sm text-link">
            {t.rich('common.readMoreAbout', { title: blog.title, hidden: (chunks) => <span className="sr-only">{chunks}</span> })} <ArrowRightIcon />
          </Link>
        </div>
      </div>
    </article>
  )
}

/** The shape of a blog card while it loads. */
export function BlogCardSkeleton() {
  return (
    <div className="card flex h-full animate-pulse flex-col overflow-hidden" aria-hidden="true">
      <div className="h-48 bg-slate-200" />
      <div className="flex flex-col gap-3 p-5">
        <span className="h-3 w-1/3 rounded bg-slate-100" />
        <span className="h-5 w-3/4 rounded bg-slate-200" />
        <span className="h-4 w-full rounded bg-slate-100" />
        <span className="h-4 w-5/6 rounded bg-slate-100" />
        <span className="mt-2 h-4 w-1/4 rounded bg-slate-100" />
      </div>
    </div>
  )
}
