/** One server-sent event: its type ('message' when the server names none) and its data. */
export type SseEvent = { event: string; data: string; id?: string }

/**
 * Reads a text/event-stream as it arrives, chunk by chunk, per the HTML standard's rules:
 * lines end in LF, CRLF or CR (a CR and LF may come in different chunks); `event:`,
 * `data:` and `id:` fields, one optional space after the colon; several data lines are
 * joined by LF; a line starting with ':' is a comment (keep-alives); a blank line ends an
 * event, which is only dispatched when it carried data.
 */
export class SseParser {
  private buffer = ''
  // The previous chunk ended in CR: an LF starting this one belongs to that line break.
  private afterCr = false
  private event = ''
  private data: string[] = []
  private id: string | undefined

  /** Feeds decoded text; returns the events it completed, in order. */
  push(chunk: string): SseEvent[] {
    let text = chunk
    if (this.afterCr && text.startsWith('\n')) text = text.slice(1)
    this.afterCr = false
    this.buffer += text

    const events: SseEvent[] = []
    let start = 0
    for (let i = 0; i < this.buffer.length; i++) {
      const char = this.buffer[i]
      if (char !== '\n' && char !== '\r') continue
      const line = this.buffer.slice(start, i)
      if (char === '\r') {
        if (i + 1 === this.buffer.length) this.afterCr = true
        else if (this.buffer[i + 1] === '\n') i++
      }
      start = i + 1
      const event = this.line(line)
      if (event) events.push(event)
    }
    this.buffer = this.buffer.slice(start)
    return events
  }

  private line(line: string): SseEvent | null {
    if (line === '') return this.dispatch()
    if (line.startsWith(':')) return null
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    let value = colon === -1 ? '' : line.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    if (field === 'event') this.event = value
    else if (field === 'data') this.data.push(value)
    else if (field === 'id' && !value.includes('\0')) this.id = value
    // 'retry' and unknown fields: the caller's reconnect policy is its own.
    return null
  }

  private dispatch(): SseEvent | null {
    const event: SseEvent | null = this.data.length === 0 ? null : { event: this.event || 'message', data: this.data.join('\n'), ...(this.id !== undefined && { id: this.id }) }
    this.event = ''
    this.data = []
    return event
  }
}
