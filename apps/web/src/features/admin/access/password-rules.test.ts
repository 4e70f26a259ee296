import { describe, expect, it } from 'vitest';
import { changePasswordErrors, meetsOperatorPasswordRule } from './password-rules.ts';

describe('the change-password form’s own checks', () => {
  it('uses the API’s rule for operators’ passwords', () => {
    expect(meetsOperatorPasswordRule('Fresh-pass-2027')).toBe(true);
    expect(meetsOperatorPasswordRule('short1')).toBe(false);
    expect(meetsOperatorPasswordRule('onlyletters-here')).toBe(false);
    expect(meetsOperatorPasswordRule('1234567890123')).toBe(false);
  });

  it('names each field: current missing, weak or unchanged new password, repeat missing or different', () => {
    expect(changePasswordErrors({ currentPassword: '', newPassword: 'short', repeatPassword: '' })).toEqual({
      currentPassword: 'access.password.currentRequired',
      newPassword: 'access.password.weak',
      repeatPassword: 'access.password.repeatRequired',
    });
    expect(
      changePasswordErrors({ currentPassword: 'Fresh-pass-2027', newPassword: 'Fresh-pass-2027', repeatPassword: 'Fresh-pass-2027' }),
    ).toEqual({
      newPassword: 'access.password.unchanged',
    });
    expect(
      changePasswordErrors({ currentPassword: 'Old-pass-2026', newPassword: 'Fresh-pass-2027', repeatPassword: 'Fresh-pass-2028' }),
    ).toEqual({
      repeatPassword: 'access.password.mismatch',
    });
    expect(
      changePasswordErrors({ currentPassword: 'Old-pass-2026', newPassword: 'Fresh-pass-2027', repeatPassword: 'Fresh-pass-2027' }),
    ).toEqual({});
  });
});
