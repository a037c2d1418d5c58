import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { components } from '../../lib/api-schema'
import { saveSession } from '../../lib/auth-store'
import { failure, fakeServer, json, renderRoutes } from '../../test-server'
import { AdminPage } from './admin-page'

const routes = [{ path: '/admin', element: <AdminPage /> }]

type Report = components['schemas']['ReportItem']

const report = (id: string, overrides: Partial<Report> = {}): Report => ({
  _id: id,
  targetType: 'blog',
  targetId: `blog-${id}`,
  title: 'Cheap permits here',
  excerpt: 'Skip the checkpoints.',
  authorId: 'author-1',
  authorName: 'Rohan Spammer',
  authorSuspended: false,
  guideId: null,
  targetGone: false,
  reporterId: 'reporter-1',
  reporterName: 'Emma Laurent',
  reason: 'Selling fake permits',
  createdAt: '2026-11-23T10:00:00Z',
  ...overrides,
})

describe('admin reports', () => {
  beforeEach(() => {
    vi.unstubAllGlobals()
    saveSession({ token: 't', refreshToken: 'r', role: 'admin' })
  })

  it('hides a reported post only with a reason, and the queue fetches again', async () => {
    let open = [report('r1'), report('r2', { targetType: 'guide', targetId: 'g1', title: 'Ang Sherpa', guideId: 'g1', authorId: 'g1', authorName: 'Ang Sherpa' })]
    const calls = fakeServer(({ method, url, body }) => {
      if (method === 'GET' && url.pathname === '/api/v1/admin/reports') return json({ status: 'success', data: { reports: open, totalPages: 1 } })
      if (method === 'POST' && url.pathname === '/api/v1/admin/blogs/blog-r1/hide') {
        expect(body).toEqual({ reason: 'Advertising' })
        open = open.filter((r) => r._id !== 'r1')
        return json({ status: 'success', message: 'Post hidden' })
      }
      return undefined
    })
    renderRoutes(routes, '/admin?tab=reports')

    const card = await screen.findByRole('listitem', { name: 'Report about Cheap permits here' })
    expect(within(card).getByText('by Rohan Spammer')).toBeInTheDocument()
    expect(within(card).getByText('“Selling fake permits”')).toBeInTheDocument()
    // A guide report offers no hiding: the guide is suspended instead.
    const guideCard = screen.getByRole('listitem', { name: 'Report about Ang Sherpa' })
    expect(within(guideCard).queryByRole('button', { name: /Hide/ })).not.toBeInTheDocument()
    expect(within(guideCard).getByRole('button', { name: 'Suspend guide' })).toBeInTheDocument()

    await userEvent.click(within(card).getByRole('button', { name: 'Hide post' }))
    const dialog = screen.getByRole('dialog', { name: 'Hide "Cheap permits here"?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide post' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please give a reason')
    expect(calls.some((c) => c.method === 'POST')).toBe(false)

    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Advertising')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide post' }))
    expect(await screen.findByText('Post hidden')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Report about Cheap permits here' })).not.toBeInTheDocument())
  })

  it('keeps the typed reason and shows the server message when suspending fails', async () => {
    fakeServer(({ method, url }) => {
      if (method === 'GET' && url.pathname === '/api/v1/admin/reports') return json({ status: 'success', data: { reports: [report('r1')], totalPages: 1 } })
      if (method === 'POST' && url.pathname === '/api/v1/admin/users/author-1/suspend') return failure(409, 'This account is already suspended')
      return undefined
    })
    renderRoutes(routes, '/admin?tab=reports')
    const card = await screen.findByRole('listitem', { name: 'Report about Cheap permits here' })
    await userEvent.click(within(card).getByRole('button', { name: 'Suspend author' }))
    const dialog = screen.getByRole('dialog', { name: 'Suspend Rohan Spammer?' })
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Spammer')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend account' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This account is already suspended')
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('Spammer')
  })

  it('shows an empty queue, and the audit log newest first', async () => {
    fakeServer(({ method, url }) => {
      if (method === 'GET' && url.pathname === '/api/v1/admin/reports') return json({ status: 'success', data: { reports: [], totalPages: 0 } })
      if (method === 'GET' && url.pathname === '/api/v1/admin/audit') {
        const entry = {
          _id: 'a1',
          actorId: 'admin',
          actorName: 'Yatra Admin',
          action: 'hide_blog',
          targetType: 'blog',
          targetId: 'b1',
          reason: 'Spam',
          createdAt: '2026-11-23T10:00:00Z',
        }
        return json({ status: 'success', data: { entries: [entry], totalPages: 1 } })
      }
      return undefined
    })
    const { router } = renderRoutes(routes, '/admin?tab=reports')
    expect(await screen.findByText('No open reports')).toBeInTheDocument()
    await router.navigate('/admin?tab=audit')
    const log = await screen.findByRole('list', { name: 'Audit log' })
    expect(within(log).getByRole('listitem')).toHaveTextContent('Yatra Admin hid blog post b1')
    expect(within(log).getByRole('link', { name: 'b1' })).toHaveAttribute('href', '/blog/b1')
    expect(within(log).getByRole('button', { name: 'Show again' })).toBeInTheDocument()
  })
})
