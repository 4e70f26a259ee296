import { useState } from 'react';
import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconLockPassword } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { setPasswordFields } from '@mawingu/contracts/auth';
import { messages } from '@mawingu/contracts/messages';
import { useCheckPasswordLink } from '../../../api/auth/check-password-link.ts';
import { useUpdatePassword } from '../../../api/auth/update-password.ts';
import { paths } from '../../../app/paths.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { useAuthText } from '../auth-text.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { BackToLoginLink } from '../components/back-to-login-link.tsx';
import { PasswordField } from '../components/password-field.tsx';

type PasswordValues = z.infer<typeof setPasswordFields>;

const LINK_PROBLEMS: string[] = [messages.resetLinkInvalid, messages.resetLinkUsed, messages.resetLinkExpired];

/**
 * /recoverpassword and /updatepassword?token=…: Set Password / Confirm Password from the e-mailed
 * link; "password successfully changed" then the login screen. A used, expired or unknown link
 * says so and offers a new one.
 */
export default function RecoverPasswordPage() {
  const { t } = useTranslation('auth');
  const authText = useAuthText();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const update = useUpdatePassword();
  const [linkProblem, setLinkProblem] = useState<string | null>(token ? null : messages.resetLinkInvalid);
  const form = useForm<PasswordValues>({ resolver: zodResolver(setPasswordFields), defaultValues: { password: '', confirmPassword: '' } });
  const { errors } = form.formState;
  // Asked when the page opens: a used or expired link says so at once, not after the form is filled in.
  const check = useCheckPasswordLink(token);
  const checked = check.data;
  const problem = linkProblem ?? (checked && checked.status !== 200 && LINK_PROBLEMS.includes(checked.message) ? checked.message : null);

  const onSubmit = form.handleSubmit(async (values) => {
    const reply = await update.mutateAsync({ ...values, queryStringValue: token });
    if (reply.status === 200) {
      showSuccessToast(authText(messages.passwordChanged));
      await navigate(paths.login.getHref());
      return;
    }
    const fieldErrors = reply.data?.fieldErrors ?? {};
    if (fieldErrors.queryStringValue || LINK_PROBLEMS.includes(reply.message) || reply.status === 404) {
      setLinkProblem(fieldErrors.queryStringValue ?? reply.message);
      return;
    }
    const fields = (['password', 'confirmPassword'] as const).filter((field) => fieldErrors[field]);
    for (const field of fields) form.setError(field, { message: fieldErrors[field] });
    if (fields.length === 0) showErrorToast(authText(reply.message));
  });

  const message = (text: string | undefined) => (text ? authText(text) : undefined);

  return (
    <AuthCard
      icon={<IconLockPassword size={24} stroke={1.7} aria-hidden />}
      title={t('recoverPassword.title')}
      subtitle={t('recoverPassword.subtitle')}
      footer={<BackToLoginLink />}
    >
      {token && check.isPending ? (
        <Stack gap="md" aria-busy="true">
          <Skeleton height={60} />
          <Skeleton height={60} />
        </Stack>
      ) : problem ? (
        <Stack gap="md">
          <Alert
            color="red"
            variant="light"
            title={t('recoverPassword.invalidTitle')}
            icon={<IconAlertTriangle size={18} aria-hidden />}
            role="alert"
          >
            {authText(problem)}
          </Alert>
          <Button component={Link} to={paths.forgetPassword.getHref()} fullWidth size="md">
            {t('recoverPassword.requestNew')}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Stack gap="md">
            <PasswordField
              {...form.register('password')}
              label={t('recoverPassword.password')}
              description={t('signup.passwordHint')}
              autoComplete="new-password"
              error={message(errors.password?.message)}
              withAsterisk
            />
            <PasswordField
              {...form.register('confirmPassword')}
              label={t('recoverPassword.confirmPassword')}
              autoComplete="new-password"
              error={message(errors.confirmPassword?.message)}
              withAsterisk
            />
            <Button type="submit" fullWidth size="md" loading={update.isPending}>
              {t('recoverPassword.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
