import { ZCloudPcPlanId } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { CLOUD_PC_PLAN_IDS, cloudPcSku, parseCloudPcSku } from './sku';

describe('cloud-PC SKU ids', () => {
  it('lists the contracts’ plans in order', () => {
    expect(CLOUD_PC_PLAN_IDS).toEqual(ZCloudPcPlanId.options);
  });

  it('builds and parses CLOUD_PC_<PLAN>_<TERM>', () => {
    expect(cloudPcSku('ADVANCED', 'YEAR')).toBe('CLOUD_PC_ADVANCED_YEAR');
    for (const planId of CLOUD_PC_PLAN_IDS) {
      for (const timeUnit of ['MONTH', 'YEAR'] as const)
        expect(parseCloudPcSku(cloudPcSku(planId, timeUnit))).toEqual({ planId, timeUnit });
    }
  });

  it('refuses anything else', () => {
    for (const value of [
      'MEMBER_YEAR',
      'CLOUD_PC_HUGE_MONTH',
      'CLOUD_PC_STANDARD_WEEK',
      'cloud_pc_standard_month',
      'CLOUD_PC_STANDARD_MONTH ',
      '',
      undefined,
      3,
      ['CLOUD_PC_STANDARD_MONTH'],
    ]) {
      expect(parseCloudPcSku(value)).toBeNull();
    }
  });
});
