import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import zhCN from '../../../../../messages-admin/zh-CN/content.json';

vi.mock('next-intl', () => ({ useTranslations: () => (key: string) => key }));
vi.mock('@/features/admin/shell/admin-api', () => ({ adminApi: {} }));

import { TitleWithFigures } from './content-screen';

// The content list shows a promotion's title as staff will read it: the discount the site fills
// in from the prices is a labelled chip, never the raw {{discount:SKU}} token.

afterEach(cleanup);

const chip = (sku: string) => zhCN.AdminContent.figureChip.replace('{sku}', sku);

describe('TitleWithFigures', () => {
  it('shows each discount token as a chip naming its SKU', () => {
    const { container } = render(
      <p>
        <TitleWithFigures text="年付会员立减 {{discount:MEMBER_YEAR}}，月付 {{discount:MEMBER_MONTH}}" chip={chip} />
      </p>,
    );
    expect(container.textContent).toBe('年付会员立减 MEMBER_YEAR 折扣，月付 MEMBER_MONTH 折扣');
    expect(screen.getAllByTestId('content-figure').map((node) => node.textContent)).toEqual(['MEMBER_YEAR 折扣', 'MEMBER_MONTH 折扣']);
    expect(container.textContent).not.toContain('{{');
  });

  it('leaves a title without tokens as it is', () => {
    const { container } = render(
      <p>
        <TitleWithFigures text="LLK Remote 3.5 发布" chip={chip} />
      </p>,
    );
    expect(container.textContent).toBe('LLK Remote 3.5 发布');
    expect(screen.queryByTestId('content-figure')).toBeNull();
  });
});
