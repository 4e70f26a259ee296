import { useEffect, useState } from 'react';
import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { loginRequest } from '@mawingu/contracts/auth';
import { useLogin } from '../../../api/auth/login.ts';
import { paths } from '../../../app/paths.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { useAuthText } from '../auth-text.ts';
import { returnPathOf, type ReturnState } from '../return-path.ts';
import { PasswordField } from './password-field.tsx';

// Spec section 5: "Email required", "Please enter a valid Email", "Password required"; input capped at 16.
const schema = loginRequest.pick({ emailID: true, password: true });
type LoginValues = z.input<typeof schema>;

/**
 * E-mail and password; on 200 the code is e-mailed and the OTP page opens (flag 2). The button is
 * disabled while the call runs and after a refusal until something is typed again (spec section 4).
 */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const authText = useAuthText();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const [locked, setLocked] = useState(false);
  const form = useForm<LoginValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { emailID: '', password: '' },
  });
  const { errors } = form.formState;

  useEffect(() => {
    const subscription = form.watch(() => setLocked(false));
    return () => subscription.unsubscribe();
  }, [form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setLocked(true);
    const reply = await login.mutateAsync(values);
    if (reply.status === 200 && reply.data) {
      showSuccessToast(authText(reply.message));
      const state: ReturnState = { from: returnPathOf(location) };
      await navigate(paths.loginOtp.getHref(reply.data.ID, reply.data.emailId, 2), { state });
      return;
    }
    const fieldErrors = reply.fieldErrors ?? {};
    const fields = (['emailID', 'password'] as const).filter((field) => fieldErrors[field]);
    for (const field of fields) form.setError(field, { message: fieldErrors[field] });
    if (fields.length === 0) showErrorToast(authText(reply.message));
  });

  const message = (text: string | undefined) => (text ? authText(text) : undefined);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <TextInput
          {...form.register('emailID')}
          label={t('common.email')}
          placeholder={t('common.emailPlaceholder')}
          type="email"
          autoComplete="username"
          error={message(errors.emailID?.message)}
          withAsterisk
        />
        <PasswordField
          {...form.register('password')}
          label={t('common.password')}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          error={message(errors.password?.message)}
          withAsterisk
        />
        <Group justify="space-between" gap="xs">
          <Anchor component={Link} to={paths.forgotUsername.getHref()} size="sm">
            {t('login.forgotUserName')}
          </Anchor>
          <Anchor component={Link} to={paths.forgetPassword.getHref()} size="sm">
            {t('login.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth size="md" disabled={locked && !login.isPending} loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
