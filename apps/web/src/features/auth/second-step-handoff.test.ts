import { describe, expect, it } from 'vitest';
import { challengeFromFragment, secondStepFragment } from './second-step-handoff';

describe('the second-step hand-off fragment', () => {
  const id = 'q1w2e3r4t5y6u7i8o9p0-_ASDFGHJKLzxcvbnm12345';

  it('carries a challenge id there and back', () => {
    expect(secondStepFragment(id)).toBe(`#secondStep=${id}`);
    expect(challengeFromFragment(secondStepFragment(id))).toBe(id);
    expect(challengeFromFragment(`#x=1&secondStep=${id}`)).toBe(id);
  });

  it('ignores anything that is not a challenge id', () => {
    for (const hash of [
      '',
      '#',
      '#secondStep=',
      '#secondStep=short',
      `#secondStep=${id}<script>`,
      `#secondstep=${id}`,
      `#secondStep=${'a'.repeat(129)}`,
    ]) {
      expect(challengeFromFragment(hash), hash).toBeNull();
    }
  });
});
