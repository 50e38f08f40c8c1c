import { readFileSync } from 'node:fs';
import path from 'node:path';
import { locales } from '@llk/contracts/locales';
import { describe, expect, it } from 'vitest';

// A contact change's first step is shown before any code was sent, so its
// text must not speak of "the code we sent": in every language it names the button that sends
// the code (CodeButton.receive), as the step asks the user to press it first.

const messages = (locale: string, file: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../../../messages', locale, file), 'utf8')) as Record<
    string,
    Record<string, string>
  >;

describe('the change step 1 text', () => {
  it.each(locales)('%s: asks for the code with the button that sends it, before any code exists', (locale) => {
    const step = messages(locale, 'account-profile.json').AccountProfile!.stepOld!;
    const button = messages(locale, 'account.json').CodeButton!.receive!;
    expect(step).toContain(button);
    expect(step).toContain('{target}');
  });
});
