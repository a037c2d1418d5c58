import { describe, expect, it } from 'vitest'
import { SseParser } from './sse'

describe('SseParser', () => {
  it('reads a named event and its data; a blank line ends it', () => {
    const parser = new SseParser()
    expect(parser.push('event: unread\ndata: {"count":2}\n\n')).toEqual([{ event: 'unread', data: '{"count":2}' }])
  })

  it('keeps a partial event until the rest arrives, however it is split', () => {
    const text = 'event: unread\ndata: {"count":3}\n\nevent: unread\ndata: {"count":4}\n\n'
    for (let cut = 1; cut < text.length; cut++) {
      const parser = new SseParser()
      const events = [...parser.push(text.slice(0, cut)), ...parser.push(text.slice(cut))]
      expect(
        events.map((e) => e.data),
        `cut at ${cut}`,
      ).toEqual(['{"count":3}', '{"count":4}'])
    }
  })

  it('ignores comments (keep-alives) and fields it does not know', () => {
    const parser = new SseParser()
    expect(parser.push(':\n\n: keep-alive\n\nretry: 1000\nfoo: bar\n\n')).toEqual([])
    expect(parser.push(':ping\nevent: unread\ndata: {"count":1}\n\n')).toEqual([{ event: 'unread', data: '{"count":1}' }])
  })

  it("names an event without 'event:' a message, and joins data lines", () => {
    const parser = new SseParser()
    expect(parser.push('data: one\ndata:two\ndata\n\n')).toEqual([{ event: 'message', data: 'one\ntwo\n' }])
  })

  it('takes CRLF and lone CR line ends, even with CR and LF in different chunks', () => {
    const parser = new SseParser()
    expect(parser.push('event: unread\r\ndata: {"count":5}\r')).toEqual([])
    expect(parser.push('\n\r\n')).toEqual([{ event: 'unread', data: '{"count":5}' }])
    expect(parser.push('data: a\r\rdata: b\r\r')).toEqual([
      { event: 'message', data: 'a' },
      { event: 'message', data: 'b' },
    ])
  })

  it('does not dispatch an event without data, and resets the type after each event', () => {
    const parser = new SseParser()
    expect(parser.push('event: unread\n\ndata: x\n\n')).toEqual([{ event: 'message', data: 'x' }])
  })

  it('strips only one space after the colon', () => {
    const parser = new SseParser()
    expect(parser.push('data:   spaced\n\n')).toEqual([{ event: 'message', data: '  spaced' }])
  })

  it('remembers the last event id', () => {
    const parser = new SseParser()
    expect(parser.push('id: 7\ndata: a\n\ndata: b\n\n')).toEqual([
      { event: 'message', data: 'a', id: '7' },
      { event: 'message', data: 'b', id: '7' },
    ])
  })
})
