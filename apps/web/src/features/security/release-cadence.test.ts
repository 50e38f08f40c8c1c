import { describe, expect, it } from 'vitest';
import { releaseCadence } from './release-cadence';

describe('releaseCadence', () => {
  it('counts every platform’s release and spaces the release days', () => {
    const cadence = releaseCadence([
      { releasedAt: '2026-11-30T02:00:00.000Z' },
      { releasedAt: '2026-11-30T03:00:00.000Z' },
      { releasedAt: '2026-10-31T02:00:00.000Z' },
      { releasedAt: '2026-10-01T02:00:00.000Z' },
    ]);
    // 4 releases on 3 days, 60 days from the first to the last: every 30 days
    expect(cadence).toEqual({ count: 4, from: '2026-10-01T02:00:00.000Z', to: '2026-11-30T03:00:00.000Z', everyDays: 30 });
  });

  it('has no cadence for a single release day, and nothing to tell without releases', () => {
    expect(releaseCadence([{ releasedAt: '2026-11-30T02:00:00.000Z' }])?.everyDays).toBeNull();
    expect(releaseCadence([])).toBeNull();
  });
});
