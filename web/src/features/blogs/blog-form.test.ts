import { describe, expect, it } from 'vitest'
import { blog } from '../../test-fixtures'
import { CONTENT_REQUIRED, CONTENT_TOO_LONG, EMPTY_DRAFT, TITLE_REQUIRED, TITLE_TOO_LONG, draftForm, draftFrom, isDirty, serverLength, validateDraft } from './blog-form'
import { translate } from '../../i18n/messages'
import { IMAGE_TOO_LARGE, IMAGE_TYPE_NOT_ALLOWED } from '../../lib/image-file'

const png = new File(['png'], 'peak.png', { type: 'image/png' })

describe('validateDraft', () => {
  it("uses the server's messages", () => {
    expect(translate(TITLE_REQUIRED)).toBe('Title is required')
    expect(translate(CONTENT_REQUIRED)).toBe('Content is required')
    expect(translate(TITLE_TOO_LONG, { max: '150' })).toBe('Title must be at most 150 characters')
    expect(translate(CONTENT_TOO_LONG, { max: '20000' })).toBe('Content must be at most 20000 characters')
  })

  it('needs a title and content, blank counting as missing', () => {
    expect(validateDraft(EMPTY_DRAFT)).toEqual({ title: translate(TITLE_REQUIRED), content: translate(CONTENT_REQUIRED) })
    expect(validateDraft({ ...EMPTY_DRAFT, title: '   ', content: '\n\n' })).toEqual({ title: translate(TITLE_REQUIRED), content: translate(CONTENT_REQUIRED) })
  })

  it('passes a filled form, with or without an image', () => {
    expect(validateDraft({ ...EMPTY_DRAFT, title: 'Poon Hill', content: 'Sunrise.' })).toEqual({})
    expect(validateDraft({ ...EMPTY_DRAFT, title: 'Poon Hill', content: 'Sunrise.', image: png })).toEqual({})
  })

  it('bounds the title at 150 and the content at 20000 characters, after trimming', () => {
    const ok = { ...EMPTY_DRAFT, title: `  ${'t'.repeat(150)}  `, content: 'c'.repeat(20_000) }
    expect(validateDraft(ok)).toEqual({})
    expect(validateDraft({ ...ok, title: 't'.repeat(151) })).toEqual({ title: translate(TITLE_TOO_LONG, { max: '150' }) })
    expect(validateDraft({ ...ok, content: 'c'.repeat(20_001) })).toEqual({ content: translate(CONTENT_TOO_LONG, { max: '20000' }) })
  })

  it('counts a line break as one character, as the server stores it', () => {
    const lines = `${'c'.repeat(10_000)}\r\n${'c'.repeat(9_999)}`
    expect(serverLength(lines)).toBe(20_000)
    expect(validateDraft({ ...EMPTY_DRAFT, title: 'T', content: lines })).toEqual({})
    expect(validateDraft({ ...EMPTY_DRAFT, title: 'T', content: `${lines}\nc` })).toEqual({ content: translate(CONTENT_TOO_LONG, { max: '20000' }) })
  })

  it('counts an emoji as one character, as the server does', () => {
    expect(validateDraft({ ...EMPTY_DRAFT, title: '🏔'.repeat(150), content: 'x' })).toEqual({})
  })

  it('takes only JPEG, PNG or WebP images up to 8 MB', () => {
    const form = { ...EMPTY_DRAFT, title: 'T', content: 'C' }
    expect(validateDraft({ ...form, image: new File(['gif'], 'a.gif', { type: 'image/gif' }) })).toEqual({ image: translate(IMAGE_TYPE_NOT_ALLOWED) })
    const big = new File([new Uint8Array(8 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' })
    expect(validateDraft({ ...form, image: big })).toEqual({ image: translate(IMAGE_TOO_LARGE) })
    expect(validateDraft({ ...form, image: new File(['w'], 'a.webp', { type: 'image/webp' }) })).toEqual({})
  })
})

describe('draftForm', () => {
  it('sends trimmed title and description with the stored role', () => {
    const form = draftForm({ ...EMPTY_DRAFT, title: ' Poon Hill ', content: ' Sunrise.\nGold. ' }, 'guide')
    expect(form.get('title')).toBe('Poon Hill')
    expect(form.get('description')).toBe('Sunrise.\nGold.')
    expect(form.get('role')).toBe('guide')
    expect(form.has('image')).toBe(false)
    expect(form.has('removeImage')).toBe(false)
  })

  it('sends the Nepali title and text trimmed, empty too so that an edit can remove them', () => {
    const form = draftForm({ ...EMPTY_DRAFT, title: 'T', content: 'C', titleNe: ' पुनहिल ', contentNe: '' }, 'admin')
    expect(form.get('titleNe')).toBe('पुनहिल')
    expect(form.get('descriptionNe')).toBe('')
  })

  it('sends a chosen image', () => {
    const form = draftForm({ ...EMPTY_DRAFT, title: 'T', content: 'C', image: png }, 'tourist')
    expect((form.get('image') as File).name).toBe('peak.png')
  })

  it('asks to remove the image only when no new one is chosen', () => {
    expect(draftForm({ ...EMPTY_DRAFT, title: 'T', content: 'C', removeImage: true }, 'tourist').get('removeImage')).toBe('true')
    const replaced = draftForm({ ...EMPTY_DRAFT, title: 'T', content: 'C', removeImage: true, image: png }, 'tourist')
    expect(replaced.has('removeImage')).toBe(false)
    expect(replaced.has('image')).toBe(true)
  })
})

it('isDirty tells a changed form from the one it started as', () => {
  const start = draftFrom(blog('b1'))
  expect(start).toEqual({
    title: 'Trail notes b1',
    content: blog('b1').description,
    titleNe: blog('b1').titleNe ?? '',
    contentNe: blog('b1').descriptionNe ?? '',
    image: null,
    removeImage: false,
  })
  expect(draftFrom({ ...blog('b1'), titleNe: 'रारा', descriptionNe: 'लामो बाटो।' })).toMatchObject({ titleNe: 'रारा', contentNe: 'लामो बाटो।' })
  expect(isDirty(start, start)).toBe(false)
  expect(isDirty({ ...start, title: 'New' }, start)).toBe(true)
  expect(isDirty({ ...start, titleNe: 'नयाँ' }, start)).toBe(true)
  expect(isDirty({ ...start, contentNe: 'नयाँ' }, start)).toBe(true)
  expect(isDirty({ ...start, image: png }, start)).toBe(true)
  expect(isDirty({ ...start, removeImage: true }, start)).toBe(true)
})
