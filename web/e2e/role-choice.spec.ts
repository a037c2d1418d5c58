import { expect, test } from './test'

test('role choice asks for a selection, then confirms it', async ({ page }) => {
  await page.goto('/selection')
  await expect(page.getByRole('heading', { name: 'Choose Your Adventure' })).toBeVisible()
  const messages: string[] = []
  page.on('dialog', async (dialog) => {
    messages.push(dialog.message())
    await dialog.accept()
  })
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect.poll(() => messages).toEqual(['Please select a role before submitting.'])

  const guide = page.getByRole('button', { name: /Join as a Tour Guide/ })
  await guide.focus()
  await page.keyboard.press('Enter')
  await expect(guide).toHaveAttribute('aria-pressed', 'true')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect.poll(() => messages.at(-1)).toBe("You've chosen to join as a Tour Guide!")
})
