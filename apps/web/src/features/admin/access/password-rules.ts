import { operatorPassword } from '@mawingu/contracts/admin/access';

/** The API's rule for operators' passwords (at least 10 characters, letters and digits). */
export function meetsOperatorPasswordRule(password: string): boolean {
  return operatorPassword.safeParse(password).success;
}

export type ChangePasswordValues = { currentPassword: string; newPassword: string; repeatPassword: string };
export type ChangePasswordErrors = Partial<Record<keyof ChangePasswordValues | 'form', string>>;

/** The admin namespace's texts of the form's own refusals. */
export type PasswordRuleText =
  | 'access.password.currentRequired'
  | 'access.password.weak'
  | 'access.password.unchanged'
  | 'access.password.repeatRequired'
  | 'access.password.mismatch';

/** What the change-password form refuses before asking the API, as i18n keys of the admin namespace. */
export function changePasswordErrors(values: ChangePasswordValues): Partial<Record<keyof ChangePasswordValues, PasswordRuleText>> {
  const errors: Partial<Record<keyof ChangePasswordValues, PasswordRuleText>> = {};
  if (!values.currentPassword) errors.currentPassword = 'access.password.currentRequired';
  if (!meetsOperatorPasswordRule(values.newPassword)) errors.newPassword = 'access.password.weak';
  else if (values.newPassword === values.currentPassword) errors.newPassword = 'access.password.unchanged';
  if (!values.repeatPassword) errors.repeatPassword = 'access.password.repeatRequired';
  else if (values.repeatPassword !== values.newPassword) errors.repeatPassword = 'access.password.mismatch';
  return errors;
}
