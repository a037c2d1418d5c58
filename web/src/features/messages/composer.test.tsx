import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { ApiResult } from '../../lib/api-result'
import { Composer } from './composer'

function setup(answers: ApiResult<unknown>[]) {
  const onSend = vi.fn(async () => answers.shift() ?? { ok: true as const, data: null })
  render(<Composer label="Message Pemba" onSend={onSend} />)
  return { onSend, box: screen.getByLabelText('Message Pemba') }
}

describe('Composer', () => {
  it('sends with Enter, adds a line with Shift+Enter, and clears after sending', async () => {
    const user = userEvent.setup()
    const { onSend, box } = setup([])
    await user.type(box, 'Namaste{Shift>}{Enter}{/Shift}Pemba')
    expect(box).toHaveValue('Namaste\nPemba')
    expect(screen.getByText('13 / 2,000')).toBeInTheDocument()
    await user.type(box, '{Enter}')
    expect(onSend).toHaveBeenCalledWith('Namaste\nPemba')
    await vi.waitFor(() => expect(box).toHaveValue(''))
  })

  it('keeps the text and shows why when sending fails', async () => {
    const user = userEvent.setup()
    const { box } = setup([{ ok: false, status: 429, message: 'Too many messages. Please try again in 12 seconds.' }])
    await user.type(box, 'Is the trail open?{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent('Please try again in 12 seconds')
    expect(box).toHaveValue('Is the trail open?')
  })

  it('does not send a blank message', async () => {
    const user = userEvent.setup()
    const { onSend, box } = setup([])
    await user.type(box, '   {Enter}')
    expect(onSend).not.toHaveBeenCalled()
    expect(screen.getByRole('alert')).toHaveTextContent('Write a message before sending')
  })
})
