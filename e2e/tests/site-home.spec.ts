import { expect, test } from '@playwright/test';

test.describe('home page', () => {
  test('shows the screen wall, the quality figures and the feature cards', async ({ page }) => {
    await page.goto('/en');
    await expect(page.getByRole('heading', { level: 2, name: 'The screen wall: every screen at a glance' })).toBeVisible();
    await expect(page.getByText('Up to 3840 × 2160')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'NVIDIA' }).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Privacy screen' })).toBeVisible();
  });

  test('filters the user comments with toggle buttons', async ({ page }) => {
    await page.goto('/en');
    const comments = page.locator('[data-category]');
    const filters = page.getByRole('group', { name: 'Show comments from' });
    await expect(comments).toHaveCount(12);
    await expect(filters.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await filters.getByRole('button', { name: 'Gaming' }).click();
    await expect(filters.getByRole('button', { name: 'Gaming' })).toHaveAttribute('aria-pressed', 'true');
    await expect(filters.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    await expect(comments.filter({ visible: true })).toHaveCount(3);
    for (const item of await comments.filter({ visible: true }).all()) await expect(item).toHaveAttribute('data-category', 'gaming');
    await expect(page.getByRole('status').filter({ hasText: 'Showing 3 comments from Gaming' })).toBeVisible();

    // keyboard only: Tab from "Gaming" to "Management", Space to choose it
    await filters.getByRole('button', { name: 'Gaming' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(filters.getByRole('button', { name: 'Management' })).toHaveAttribute('aria-pressed', 'true');
    await expect(comments.filter({ visible: true })).toHaveCount(3);
    await expect(comments.filter({ visible: true }).first()).toHaveAttribute('data-category', 'management');

    await filters.getByRole('button', { name: 'All' }).click();
    await expect(comments.filter({ visible: true })).toHaveCount(12);
  });

  test('the comment filter speaks the page language', async ({ page }) => {
    await page.goto('/ja');
    const filters = page.getByRole('group', { name: 'ユーザーの種類で絞り込む' });
    await filters.getByRole('button', { name: '運用' }).click();
    await expect(page.locator('[data-category]').filter({ visible: true })).toHaveCount(3);
    await expect(page.getByRole('status').filter({ hasText: '「運用」の声を 3 件表示中' })).toBeVisible();
  });
});
