import { describe, expect, it } from 'vitest';
import en from '../../../messages/en/referral.json';
import fr from '../../../messages/fr/referral.json';
import ja from '../../../messages/ja/referral.json';
import { remainingText, type TReferralTexts } from './texts';

describe('remainingText', () => {
  it('says the binding ended at 0 and picks singular or plural per language', () => {
    const english = en.Referral as unknown as TReferralTexts;
    expect(remainingText(english, 0, 'en')).toBe('Link ended');
    expect(remainingText(english, 1, 'en')).toBe('1 day left');
    expect(remainingText(english, 59, 'en')).toBe('59 days left');
    const french = fr.Referral as unknown as TReferralTexts;
    expect(remainingText(french, 1, 'fr')).toBe('1 jour restant');
    expect(remainingText(french, 2, 'fr')).toBe('2 jours restants');
    expect(remainingText(ja.Referral as unknown as TReferralTexts, 1, 'ja')).toBe('残り 1 日');
  });
});
