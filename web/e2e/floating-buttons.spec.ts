import { expect, test, type Page } from './test'

const WIDTHS = [360, 390, 768, 1280]

type Finding = { what: string; where: string }

/**
 * What sits under the SOS and Tourist Buddy buttons on the page as it is scrolled now:
 * the buttons must lie inside their opaque bar, and any control or text box whose box meets
 * a button must be hidden behind that bar, never painted over the button or showing
 * around it. At the end of the page nothing may meet the bar at all: the layout keeps its
 * height free, so every control can be scrolled clear of it.
 */
function findCovered(page: Page, atEnd: boolean): Promise<Finding[]> {
  return page.evaluate((atEnd) => {
    const bar = document.querySelector('aside[aria-label="Help"]')
    if (!bar) return [{ what: 'no help bar', where: '' }]
    const findings: Finding[] = []
    const barBox = bar.getBoundingClientRect()
    const background = getComputedStyle(bar).backgroundColor
    if (!/^rgb\(/.test(background)) findings.push({ what: `the help bar is see-through (${background})`, where: '' })
    const buttons = Array.from(bar.querySelectorAll(':scope > div > button')).map((button) => button.getBoundingClientRect())
    if (buttons.length !== 2) findings.push({ what: `${buttons.length} help buttons`, where: '' })
    for (const box of buttons) {
      if (box.top < barBox.top || box.bottom > barBox.bottom || box.left < barBox.left || box.right > barBox.right)
        findings.push({ what: 'a help button outside its bar', where: JSON.stringify(box) })
    }

    const meets = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
    const candidates = document.querySelectorAll('a, button, input, select, textarea, label, h1, h2, h3, h4, p, li, dt, dd, td, th')
    for (const element of Array.from(candidates)) {
      if (bar.contains(element) || element.closest('dialog, [role="dialog"]')) continue
      const style = getComputedStyle(element)
      if (style.visibility === 'hidden' || style.display === 'none') continue
      const box = element.getBoundingClientRect()
      if (box.width === 0 || box.height === 0) continue
      const name = `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`
      if (atEnd && meets(box, barBox)) {
        findings.push({ what: `${name} is under the help bar at the end of the page`, where: JSON.stringify(box) })
        continue
      }
      for (const button of buttons) {
        if (!meets(box, button)) continue
        const x = (Math.max(box.left, button.left) + Math.min(box.right, button.right)) / 2
        const y = (Math.max(box.top, button.top) + Math.min(box.bottom, button.bottom)) / 2
        const top = document.elementFromPoint(x, y)
        if (!top || !bar.contains(top)) findings.push({ what: `${name} shows under a help button`, where: JSON.stringify(box) })
      }
    }
    return findings
  }, atEnd)
}

async function checkPage(page: Page, name: string, width: number) {
  await page.evaluate(() => window.scrollTo(0, 0))
  expect(await findCovered(page, false), `${name} at ${width}px, top`).toEqual([])
  await page.screenshot({ path: `e2e/screenshots/floating-${width}-${name}-top.png` })
  // The end of the page: lists that load more on scrolling have loaded everything, and
  // the page has stopped growing.
  let lastHeight = -1
  await expect
    .poll(
      async () => {
        const height = await page.evaluate(() => {
          window.scrollTo(0, document.documentElement.scrollHeight)
          return document.querySelector('[aria-busy="true"]') ? -1 : document.documentElement.scrollHeight
        })
        const settled = height !== -1 && height === lastHeight
        lastHeight = height
        return settled
      },
      { intervals: [400], timeout: 25_000 },
    )
    .toBe(true)
  expect(await findCovered(page, true), `${name} at ${width}px, end`).toEqual([])
  await page.screenshot({ path: `e2e/screenshots/floating-${width}-${name}-end.png` })
}

for (const width of WIDTHS) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 740 : 900 } })

    // Nine pages, each scrolled to its end (the machine may be busy).
    test.setTimeout(180_000)

    test('nothing sits under the SOS and Tourist Buddy buttons', async ({ page }) => {
      await page.goto('/')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await checkPage(page, 'home', width)

      await page.goto('/guides')
      const firstGuide = page.locator('a[href^="/guides/"]').first()
      await expect(firstGuide).toBeVisible()
      await checkPage(page, 'guides', width)

      await firstGuide.click()
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await checkPage(page, 'guide', width)

      await page.goto('/destinations')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await checkPage(page, 'destinations', width)

      await page.locator('a[href^="/destination/"]').first().click()
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await checkPage(page, 'destination', width)

      await page.goto('/blogs')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await checkPage(page, 'blogs', width)

      // A post's paragraphs: the longest text on any public page.
      await page.locator('a[href^="/blog/"]').first().click()
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await checkPage(page, 'blog', width)

      await page.goto('/login')
      await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
      await checkPage(page, 'login', width)

      await page.goto('/signup')
      await page.getByLabel('First name').fill('Asha')
      await page.getByLabel('Last name').fill('Gurung')
      await page.getByLabel('Email address').fill('asha@example.com')
      await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible()
      await checkPage(page, 'signup', width)
      // The Continue button can be brought clear of the bar and pressed.
      await page.getByRole('button', { name: 'Continue' }).click()
      await expect(page.getByLabel('Password', { exact: true })).toBeVisible()
    })
  })
}
