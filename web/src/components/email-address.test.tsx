import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { EmailAddress, emailPieces } from './email-address'

describe('email addresses', () => {
  it('break after the @ and before each dot of the domain, never inside a word', () => {
    expect(emailPieces('traveller@demo.yatra.np')).toEqual(['traveller@', 'demo', '.yatra', '.np'])
    expect(emailPieces('first.last@example.com')).toEqual(['first.last@', 'example', '.com'])
    expect(emailPieces('nobody')).toEqual(['nobody'])
  })

  it('offer line breaks only there and keep the whole address as the title', () => {
    const html = renderToStaticMarkup(<EmailAddress address="traveller@demo.yatra.np" />)
    expect(html).toBe('<span class="break-words " title="traveller@demo.yatra.np">traveller@<wbr/>demo<wbr/>.yatra<wbr/>.np</span>')
    expect(html).not.toContain('break-all')
  })
})
