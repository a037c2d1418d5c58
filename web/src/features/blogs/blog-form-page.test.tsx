import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { blog } from '../../test-fixtures'
import { failure, fakeServer, json, renderRoutes, type Call } from '../../test-server'
import { BlogFormPage } from './blog-form-page'

const routes = [
  { path: '/blog/create', element: <BlogFormPage /> },
  { path: '/blog/edit/:blogId', element: <BlogFormPage /> },
  { path: '/blog/dashboard', element: <p>Dashboard page</p> },
]

const png = new File(['png'], 'peak.png', { type: 'image/png' })

/** A request that waits until the test lets it answer. */
function held(answer: () => Response) {
  let release: () => void = () => undefined
  const response = new Promise<Response>((resolve) => {
    release = () => resolve(answer())
  })
  return { response, release: () => release() }
}

const saved = (id: string, message: string) => json({ status: 'success', message, blog: blog(id) }, message === 'Blog published' ? 201 : 200)

describe('BlogFormPage', () => {
  beforeEach(() => {
    vi.unstubAllGlobals()
    localStorage.setItem('token', 't')
    localStorage.setItem('role', 'guide')
  })

  it('creates a post with title, content, the stored role and an image, showing Creating... while it saves', async () => {
    const request = held(() => saved('new', 'Blog published'))
    const calls = fakeServer(({ method, url }) => (method === 'POST' && url.pathname === '/api/v1/blogs' ? request.response : undefined))
    const { router } = renderRoutes(routes, '/blog/create')
    expect(screen.getByRole('heading', { level: 1, name: 'Create New Blog' })).toBeInTheDocument()
    const title = screen.getByLabelText(/^Title \*/)
    expect(title).toHaveAttribute('maxLength', '150')
    expect(title).toBeRequired()
    expect(screen.getByLabelText(/^Content \*/)).toHaveAttribute('maxLength', '20000')
    await userEvent.type(title, 'Poon Hill at dawn')
    expect(screen.getByText('17 / 150')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText(/^Content \*/), 'Up before dawn.{Enter}Gold light.')
    const picker = screen.getByLabelText('Featured Image')
    expect(picker).toHaveAttribute('accept', 'image/*')
    await userEvent.upload(picker, png)
    expect(screen.getByRole('img', { name: 'Featured Image preview' })).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Publish Blog' }))
    expect(await screen.findByRole('button', { name: /Creating\.\.\./ })).toBeDisabled()
    request.release()
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog/dashboard'))
    expect(router.state.location.state).toEqual({ message: 'Blog published' })

    const form = calls[0].body as FormData
    expect(form.get('title')).toBe('Poon Hill at dawn')
    // Multipart sends line breaks as CRLF, as browsers do.
    expect(form.get('description')).toBe('Up before dawn.\r\nGold light.')
    expect(form.get('role')).toBe('guide')
    // jsdom's File loses its name and bytes on the way through the test's fetch; its type shows it is the chosen image.
    expect((form.get('image') as Blob).type).toBe('image/png')
  })

  it('asks for a title and content before sending anything', async () => {
    const calls = fakeServer(() => undefined)
    renderRoutes(routes, '/blog/create')
    await userEvent.type(screen.getByLabelText(/^Title \*/), '   ')
    await userEvent.click(screen.getByRole('button', { name: 'Publish Blog' }))
    expect(screen.getByText('Title is required')).toBeInTheDocument()
    expect(screen.getByText('Content is required')).toBeInTheDocument()
    expect(screen.getByLabelText(/^Title \*/)).toHaveFocus()
    expect(screen.getByLabelText(/^Title \*/)).toHaveAttribute('aria-invalid', 'true')
    expect(calls).toHaveLength(0)
  })

  it('refuses an image the server would refuse', async () => {
    const calls = fakeServer(() => undefined)
    renderRoutes(routes, '/blog/create')
    await userEvent.type(screen.getByLabelText(/^Title \*/), 'T')
    await userEvent.type(screen.getByLabelText(/^Content \*/), 'C')
    await userEvent.upload(screen.getByLabelText('Featured Image'), new File(['gif'], 'a.gif', { type: 'image/gif' }))
    await userEvent.click(screen.getByRole('button', { name: 'Publish Blog' }))
    expect(screen.getByText('Only JPEG, PNG or WebP images are allowed')).toBeInTheDocument()
    expect(calls).toHaveLength(0)
  })

  it("keeps what was typed and shows the server's message when saving fails", async () => {
    fakeServer(() => failure(413, 'Images must be 8 MB or smaller'))
    const { router } = renderRoutes(routes, '/blog/create')
    await userEvent.type(screen.getByLabelText(/^Title \*/), 'Poon Hill')
    await userEvent.type(screen.getByLabelText(/^Content \*/), 'Sunrise.')
    await userEvent.click(screen.getByRole('button', { name: 'Publish Blog' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Images must be 8 MB or smaller')
    expect(screen.getByLabelText(/^Title \*/)).toHaveValue('Poon Hill')
    expect(screen.getByLabelText(/^Content \*/)).toHaveValue('Sunrise.')
    expect(router.state.location.pathname).toBe('/blog/create')
  })

  it("says 'Failed to save blog. Please try again.' when the server cannot be reached", async () => {
    fakeServer(() => {
      throw new TypeError('Failed to fetch')
    })
    renderRoutes(routes, '/blog/create')
    await userEvent.type(screen.getByLabelText(/^Title \*/), 'Poon Hill')
    await userEvent.type(screen.getByLabelText(/^Content \*/), 'Sunrise.')
    await userEvent.click(screen.getByRole('button', { name: 'Publish Blog' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save blog. Please try again.')
  })

  it('edits a post: filled from the server, Nepali texts too, Updating... while saving, Remove image sends removeImage=true', async () => {
    const post = blog('b1', { title: 'Poon Hill', description: 'Sunrise.', titleNe: 'पुनहिल', descriptionNe: null, image: '/media/b1.webp' })
    let patch: Call | undefined
    fakeServer((call) => {
      if (call.method === 'GET' && call.url.pathname === '/api/v1/blogs/b1') return json({ blog: post })
      if (call.method === 'PATCH' && call.url.pathname === '/api/v1/blogs/b1') {
        patch = call
        return saved('b1', 'Blog updated')
      }
      return undefined
    })
    const { router } = renderRoutes(routes, '/blog/edit/b1')
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Your Blog' })).toBeInTheDocument()
    const title = await screen.findByLabelText(/^Title \*/)
    expect(title).toHaveValue('Poon Hill')
    expect(screen.getByLabelText(/^Content \*/)).toHaveValue('Sunrise.')
    expect(screen.getByLabelText('Title in Nepali')).toHaveValue('पुनहिल')
    expect(screen.getByLabelText('Content in Nepali')).toHaveValue('')
    expect(screen.getByRole('img', { name: 'Featured Image preview' })).toHaveAttribute('src', '/media/b1.webp')

    await userEvent.click(screen.getByRole('button', { name: 'Remove image' }))
    expect(screen.queryByRole('img', { name: 'Featured Image preview' })).toBeNull()
    await userEvent.type(title, ' at dawn')
    await userEvent.type(screen.getByLabelText('Content in Nepali'), 'सूर्योदय।')
    await userEvent.click(screen.getByRole('button', { name: 'Update Blog' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog/dashboard'))
    const form = patch?.body as FormData
    expect(form.get('title')).toBe('Poon Hill at dawn')
    expect(form.get('titleNe')).toBe('पुनहिल')
    expect(form.get('descriptionNe')).toBe('सूर्योदय।')
    expect(form.get('removeImage')).toBe('true')
    expect(form.has('image')).toBe(false)
    expect(router.state.location.state).toEqual({ message: 'Blog updated' })
  })

  it('edits with a new image instead of the old one', async () => {
    let patch: Call | undefined
    fakeServer((call) => {
      if (call.method === 'GET') return json({ blog: blog('b1', { image: '/media/b1.webp' }) })
      patch = call
      return saved('b1', 'Blog updated')
    })
    const { router } = renderRoutes(routes, '/blog/edit/b1')
    await userEvent.upload(await screen.findByLabelText('Featured Image'), png)
    await userEvent.click(screen.getByRole('button', { name: 'Update Blog' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog/dashboard'))
    const form = patch?.body as FormData
    // jsdom's File loses its name and bytes on the way through the test's fetch; its type shows it is the chosen image.
    expect((form.get('image') as Blob).type).toBe('image/png')
    expect(form.has('removeImage')).toBe(false)
  })

  it("shows 'Failed to load blog data. Please try again.' when the post cannot be loaded", async () => {
    fakeServer(() => failure(403, 'You can only change your own blog posts'))
    renderRoutes(routes, '/blog/edit/b1')
    expect(await screen.findByText('Failed to load blog data. Please try again.')).toBeInTheDocument()
    expect(screen.getByText('You can only change your own blog posts')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/blog/dashboard')
  })

  it('Cancel goes back to the dashboard at once when nothing changed', async () => {
    fakeServer(() => undefined)
    const { router } = renderRoutes(routes, '/blog/create')
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(router.state.location.pathname).toBe('/blog/dashboard')
  })

  it('asks before leaving with unsaved changes', async () => {
    fakeServer(() => undefined)
    const { router } = renderRoutes(routes, '/blog/create')
    await userEvent.type(screen.getByLabelText(/^Title \*/), 'Half a thought')
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }))
    expect(router.state.location.pathname).toBe('/blog/create')
    expect(screen.getByLabelText(/^Title \*/)).toHaveValue('Half a thought')

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog/dashboard'))
  })
})
