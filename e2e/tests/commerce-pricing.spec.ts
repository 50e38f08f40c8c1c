import { locales } from '@llk/contracts/locales';
import { expect, test } from '@playwright/test';
import { localePath, useLocale } from '../support/accounts';
import { commerceTexts, fetchPricing, percent, rmb, spaces, text } from '../support/commerce';

// /pricing in all seven languages: monthly and annual tabs (mouse and keyboard), free against Pro,
// the server's prices, discount and annual saving, the six feature groups and the notes.

for (const locale of locales) {
  test(`${locale}: pricing tabs, figures, feature groups and the screen-wall note`, async ({ page, context, request }) => {
    await useLocale(context, locale);
    const t = commerceTexts(locale);
    const pricing = await fetchPricing(request, locale);
    const pro = pricing.plans.find((plan) => plan.code === 'PRO')!;
    const month = pro.prices.find((price) => price.timeUnit === 'MONTH')!;
    const year = pro.prices.find((price) => price.timeUnit === 'YEAR')!;
    expect(year.savingFen).toBeGreaterThan(0);

    await page.goto(localePath(locale, '/pricing'));
    await expect(page.getByRole('heading', { level: 1, name: text(t, 'PricingPage', 'heading') })).toBeVisible();

    const tablist = page.getByRole('tablist', { name: text(t, 'Pricing', 'tablist') });
    const yearTab = tablist.getByRole('tab', { name: new RegExp(text(t, 'Pricing', 'tabs.YEAR')) });
    const monthTab = tablist.getByRole('tab', { name: new RegExp(text(t, 'Pricing', 'tabs.MONTH')) });
    // Annual first, with its discount on the tab: the same figure as the card's badge.
    await expect(yearTab).toHaveAttribute('aria-selected', 'true');
    await expect(yearTab).toContainText(text(t, 'Pricing', 'discount').replace('{percent}', percent(year.discountPercent, locale)));

    const yearPanel = page.getByRole('tabpanel', { name: new RegExp(text(t, 'Pricing', 'tabs.YEAR')) });
    const yearPro = yearPanel.locator('[data-plan="PRO"]');
    await expect(yearPro.getByTestId('plan-price')).toHaveText(rmb(year.priceFen, locale));
    await expect(yearPro.getByTestId('plan-original')).toHaveText(rmb(year.originalPriceFen, locale));
    const saving = spaces(
      text(t, 'Pricing', 'savingDetail')
        .replace('{monthly}', rmb(year.monthlyPriceFen, locale))
        .replace('{saving}', rmb(year.savingFen, locale)),
    );
    expect(spaces((await yearPro.getByTestId('plan-detail').textContent()) ?? '')).toBe(saving);
    await expect(yearPanel.locator('[data-plan="FREE"]').getByTestId('plan-price')).toHaveText(rmb(0, locale));

    // Mouse: monthly.
    await monthTab.click();
    await expect(monthTab).toHaveAttribute('aria-selected', 'true');
    await expect(yearPanel).toBeHidden();
    const monthPanel = page.getByRole('tabpanel', { name: new RegExp(text(t, 'Pricing', 'tabs.MONTH')) });
    await expect(monthPanel.locator('[data-plan="PRO"]').getByTestId('plan-price')).toHaveText(rmb(month.priceFen, locale));
    await expect(monthPanel.getByTestId('buy-MONTH')).toHaveAttribute(
      'href',
      new RegExp(`${localePath(locale, '/order').replace(/\//g, '\\/')}\\?plan=MONTH$`),
    );

    // Keyboard: arrow keys move between the tabs and select them.
    await monthTab.focus();
    await page.keyboard.press('ArrowRight');
    await expect(yearTab).toBeFocused();
    await expect(yearTab).toHaveAttribute('aria-selected', 'true');
    await expect(yearPanel).toBeVisible();
    await expect(yearPanel.getByTestId('buy-YEAR')).toHaveText(text(t, 'Pricing', 'buy.YEAR'));

    // The feature matrix: six groups in the order of the categories, free against paid.
    const matrix = page.getByTestId('feature-matrix');
    const groups = matrix.locator('th[scope="rowgroup"]');
    await expect(groups).toHaveText(pricing.groups.map((group) => group.name));
    expect(pricing.groups.map((group) => group.category)).toEqual(['FUNCTION', 'SAFE', 'PLAY', 'PROPERTY', 'PERMISSION', 'COMPATIBLE']);
    const relay = pricing.groups.flatMap((group) => group.features).find((feature) => feature.code === 'RELAY_QUALITY')!;
    const relayRow = matrix.locator('tr[data-feature="RELAY_QUALITY"]');
    await expect(relayRow.locator('td').nth(0)).toContainText(relay.free.value!);
    await expect(relayRow.locator('td').nth(1)).toContainText(relay.paid.value!);

    await expect(page.getByTestId('pricing-notes')).toContainText(text(t, 'PricingPage', 'notes.screenWall'));
    await expect(page.locator('[data-sku="MONITOR_1"]')).toContainText(
      rmb(pricing.addOns.find((sku) => sku.skuId === 'MONITOR_1')!.priceFen, locale),
    );
  });
}
