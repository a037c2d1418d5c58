import { expect, test, type Page } from './test'
import { ADMIN } from './discovery-data'
import { signIn } from './helpers'

/**
 * The pieces of every email address shown (the text between its line-break points) that
 * a line break cuts through: none, when addresses wrap at their "@" and dots only.
 */
async function addressesCutMidWord(page: Page): Promise<string[]> {
  return page.locator('span[title*="@"]').evaluateAll((spans) =>
    spans.flatMap((span) =>
      Array.from(span.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .filter((node) => {
          const range = document.createRange()
          range.selectNodeContents(node)
          // One rectangle a line: a piece on two lines was broken inside it.
          return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size > 1
        })
        .map((node) => `${span.getAttribute('title')}: ${node.textContent}`),
    ),
  )
}

test('the admin sees guides’ email addresses wrapped at the @ and the dots, never mid-word', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto('/admin')
  const addresses = page.locator('span[title*="@"]')
  await expect(addresses.first()).toBeVisible()
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await expect(addresses.first()).toBeVisible()
    expect(await addressesCutMidWord(page)).toEqual([])
    await page.screenshot({ path: `/tmp/admin-emails-${width}.png`, fullPage: false })
  }
  // The whole address stays readable as one, to copy or hover.
  const first = addresses.first()
  expect(await first.getAttribute('title')).toBe((await first.textContent())?.trim())
})
