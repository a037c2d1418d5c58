import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { clearSession, saveSession } from '../lib/auth-store'
import { failure, fakeServer, json } from '../test-server'
import { ReportButton } from './report-dialog'

describe('ReportButton', () => {
  beforeEach(() => {
    vi.unstubAllGlobals()
    clearSession()
  })

  it('is not offered to visitors', () => {
    render(<ReportButton targetType="blog" targetId="b1" onMessage={vi.fn()} />)
    expect(screen.queryByRole('button', { name: 'Report this post' })).not.toBeInTheDocument()
  })

  it('asks for a reason, sends it, and passes the answer on', async () => {
    saveSession({ token: 't', refreshToken: 'r', role: 'tourist' })
    const calls = fakeServer(({ method, url }) =>
      method === 'POST' && url.pathname === '/api/v1/reports'
        ? json({ status: 'success', message: 'Thank you. An admin will look at your report.', data: { _id: 'r1' } }, 201)
        : undefined,
    )
    const onMessage = vi.fn()
    render(<ReportButton targetType="review" targetId="v1" onMessage={onMessage} />)
    await userEvent.click(screen.getByRole('button', { name: 'Report this review' }))
    expect(screen.getByRole('dialog', { name: 'Report this review' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Please say what is wrong')
    expect(calls).toHaveLength(0)

    await userEvent.type(screen.getByLabelText(/What is wrong/), '  Insults  ')
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }))
    await vi.waitFor(() => expect(onMessage).toHaveBeenCalledWith('Thank you. An admin will look at your report.', 'success'))
    expect(calls[0].body).toEqual({ targetType: 'review', targetId: 'v1', reason: 'Insults' })
    expect(screen.queryByLabelText(/What is wrong/)).not.toBeInTheDocument()
  })

  it('closes with the server message when already reported, and keeps the reason on other errors', async () => {
    saveSession({ token: 't', refreshToken: 'r', role: 'tourist' })
    let answer = failure(404, 'Blog not found')
    fakeServer(() => answer)
    const onMessage = vi.fn()
    render(<ReportButton targetType="blog" targetId="b1" onMessage={onMessage} />)
    await userEvent.click(screen.getByRole('button', { name: 'Report this post' }))
    await userEvent.type(screen.getByLabelText(/What is wrong/), 'Spam')
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Blog not found')
    expect(screen.getByLabelText(/What is wrong/)).toHaveValue('Spam')

    answer = failure(409, 'You have already reported this. An admin will look at it soon.')
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }))
    await vi.waitFor(() => expect(onMessage).toHaveBeenCalledWith('You have already reported this. An admin will look at it soon.', 'error'))
  })
})
