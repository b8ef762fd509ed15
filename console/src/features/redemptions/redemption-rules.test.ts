import i18n from '../../i18n';
import {
  canEdit,
  defaultName,
  newRedemptionValues,
  type RedemptionFormValues,
  statusToggle,
  validateRedemption,
} from './redemption-rules';

const currency = { quotaPerUnit: 500_000, displayInCurrency: true };
const units = { quotaPerUnit: 500_000, displayInCurrency: false };

function values(fields: Partial<RedemptionFormValues>): RedemptionFormValues {
  return { ...newRedemptionValues(), ...fields };
}

beforeAll(() => i18n.changeLanguage('en'));

describe('redemption rules', () => {
  it('starts a batch with quota 100000 and count 1', () => {
    expect(newRedemptionValues()).toEqual({ name: '', quota: '100000', count: '1' });
  });

  it('names an unnamed batch after its formatted quota', () => {
    expect(defaultName(values({}), currency)).toBe('$0.20');
    expect(defaultName(values({ quota: '250000' }), units)).toBe('250.0k');
    expect(defaultName(values({ quota: 'lots' }), currency)).toBe('');
  });

  it('accepts 1 to 20 characters of name, counted as characters; empty only when creating', () => {
    expect(validateRedemption(values({ name: '兑'.repeat(20) }), true).name).toBeUndefined();
    expect(validateRedemption(values({ name: 'x'.repeat(21) }), true).name).toBe('The name must be 1 to 20 characters long');
    expect(validateRedemption(values({ name: '' }), true).name).toBeUndefined();
    expect(validateRedemption(values({ name: '  ' }), false).name).toBe('The name must be 1 to 20 characters long');
  });

  it('needs a whole positive quota', () => {
    for (const quota of ['0', '-5', '1.5', 'abc', '']) {
      expect(validateRedemption(values({ quota }), true).quota).toBe('The quota must be a whole number greater than 0');
    }
    expect(validateRedemption(values({ quota: ' 42 ' }), true).quota).toBeUndefined();
  });

  it('creates 1 to 100 codes at once, and ignores the count when editing', () => {
    expect(validateRedemption(values({ count: '0' }), true).count).toBe('The number of codes must be greater than 0');
    expect(validateRedemption(values({ count: '2.5' }), true).count).toBe('The number of codes must be greater than 0');
    expect(validateRedemption(values({ count: '101' }), true).count).toBe('At most 100 codes can be generated at once');
    expect(validateRedemption(values({ count: '100' }), true).count).toBeUndefined();
    expect(validateRedemption(values({ name: 'n', count: '0' }), false).count).toBeUndefined();
  });

  it('edits only unused codes and never enables a used one', () => {
    expect([1, 2, 3].map((status) => canEdit({ status }))).toEqual([true, false, false]);
    expect(statusToggle({ status: 1 })).toEqual({ next: 2, blocked: false });
    expect(statusToggle({ status: 2 })).toEqual({ next: 1, blocked: false });
    expect(statusToggle({ status: 3 })).toEqual({ next: 1, blocked: true });
  });
});
