import { describe, expect, it } from 'vitest'
import { blog } from '../test-fixtures'
import { authorName, excerpt, formatBlogDate, likeCountText } from './blog-text'

describe('excerpt', () => {
  it('keeps a body of 100 characters or fewer whole', () => {
    expect(excerpt('a'.repeat(100))).toBe('a'.repeat(100))
    expect(excerpt('Short and sweet.')).toBe('Short and sweet.')
  })

  it('cuts a longer body to 100 characters and adds an ellipsis', () => {
    const text = `${'b'.repeat(100)}c`
    expect(excerpt(text)).toBe(`${'b'.repeat(100)}...`)
  })

  it('puts the lines on one line before counting', () => {
    expect(excerpt('First line.\n\nSecond   line.')).toBe('First line. Second line.')
  })

  it('counts whole characters, so an emoji is never cut in half', () => {
    const text = '🏔'.repeat(101)
    expect(excerpt(text)).toBe(`${'🏔'.repeat(100)}...`)
  })

  it('drops the space before the ellipsis', () => {
    expect(excerpt(`${'w'.repeat(99)} more words`)).toBe(`${'w'.repeat(99)}...`)
  })

  it('takes another length', () => {
    expect(excerpt('abcdef', 3)).toBe('abc...')
  })
})

describe('formatBlogDate', () => {
  it('writes the month out', () => {
    expect(formatBlogDate('2026-03-05T12:00:00Z')).toBe('March 5, 2026')
    expect(formatBlogDate('2025-12-24T12:00:00Z')).toBe('December 24, 2025')
  })

  it('shows an unreadable date as it came', () => {
    expect(formatBlogDate('soon')).toBe('soon')
  })
})

describe('authorName', () => {
  it('joins first and last name', () => {
    expect(authorName(blog('b1'))).toBe('Asha Traveller')
  })

  it("is 'Anonymous' when the post has no author name", () => {
    expect(authorName(blog('b1', { authorId: { _id: 'u1', firstName: ' ', lastName: '' } }))).toBe('Anonymous')
    expect(authorName({ authorId: null as never })).toBe('Anonymous')
  })
})

it('likeCountText says like or likes', () => {
  expect(likeCountText(0)).toBe('0 likes')
  expect(likeCountText(1)).toBe('1 like')
  expect(likeCountText(1200)).toBe('1,200 likes')
})
