import { expect, type Page } from '@playwright/test'

export type Role = 'tourist' | 'guide'

export function uniqueEmail(role: Role): string {
  return `e2e-${role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
}

export const PASSWORD = 'Namaste-Everest-2026'

/** Walks both sign-up steps and waits for the redirect to /login. */
export async function signUp(page: Page, role: Role, email: string): Promise<void> {
  await page.goto('/signup')
  await page.getByLabel('First name').fill(role === 'guide' ? 'Pemba' : 'Asha')
  await page.getByLabel('Last name').fill(role === 'guide' ? 'Sherpa' : 'Traveller')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('I want to join as').selectOption(role)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD)
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByText('Registration Successful!')).toBeVisible()
  await expect(page.getByText('Redirecting to login...')).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
}

export async function logIn(page: Page, email: string): Promise<void> {
  await page.goto('/login')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByText('Login Successful!')).toBeVisible()
  await expect(page.getByText('Redirecting you now...')).toBeVisible()
}
