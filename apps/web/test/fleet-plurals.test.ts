import { describe, expect, it } from 'vitest';
import fr from '../messages/fr/account-fleet.json';
import { translator } from '../src/lib/texts';

// The wall editor's count in French agrees with its number ("1 appareils" was written before).
describe('fr wall editor count', () => {
  it('says 1 appareil and 2 appareils', () => {
    const t = translator(fr.AccountWalls, 'fr');
    expect(t('places', { count: 1, capacity: 4 })).toBe('1 appareil sur ce mur, 4 au plus');
    expect(t('places', { count: 2, capacity: 4 })).toBe('2 appareils sur ce mur, 4 au plus');
  });
});
