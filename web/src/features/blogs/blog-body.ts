/**
 * A post's body as paragraphs: every line break starts a new one (spec section 2); blank
 * lines and the spaces around a line are dropped. The pieces are shown as text, never as HTML.
 */
export function paragraphs(body: string): string[] {
  return body
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
}
