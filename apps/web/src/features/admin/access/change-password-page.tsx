import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { showSuccessToast } from '../../../lib/toast.ts';
import { ApiError } from '../../../api/api-error.ts';
import { useOperatorSession } from '../shell/operator-session.ts';
import { useChangeOwnPassword } from './access-api.ts';
import { changePasswordErrors, type ChangePasswordErrors, type ChangePasswordValues } from './password-rules.ts';
import './mantine-access-styles.ts';

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', repeatPassword: '' };

/** /admin/password: the signed-in operator changes their own password; their other sessions end. */
export default function ChangePasswordPage() {
  const { t } = useTranslation('admin');
  const session = useOperatorSession();
  const change = useChangeOwnPassword();
  const [values, setValues] = useState<ChangePasswordValues>(EMPTY);
  const [errors, setErrors] = useState<ChangePasswordErrors>({});
  if (!session) return null;

  const field = (name: keyof ChangePasswordValues) => ({
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
    },
    error: errors[name],
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const local = changePasswordErrors(values);
    if (Object.keys(local).length > 0) {
      setErrors({
        currentPassword: local.currentPassword && t(local.currentPassword),
        newPassword: local.newPassword && t(local.newPassword),
        repeatPassword: local.repeatPassword && t(local.repeatPassword),
      });
      return;
    }
    setErrors({});
    try {
      await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      setValues(EMPTY);
      showSuccessToast(t('access.password.done'));
    } catch (err) {
      // The API names the refused field (a wrong current password, the rule, the same one again).
      if (err instanceof ApiError && err.fieldErrors) setErrors(err.fieldErrors);
      else setErrors({ form: (err as Error).message });
    }
  }

  return (
    <Stack gap="md" maw={520}>
      <div>
        <Title order={1} size="h2">
          {t('access.password.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('access.password.intro')}
        </Text>
      </div>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('access.password.title')}>
          <Stack gap="sm">
            {errors.form && (
              <Alert color="red" variant="light" role="alert">
                {errors.form}
              </Alert>
            )}
            {/* Lets a password manager file the new password under the right account. */}
            <input type="email" name="username" autoComplete="username" value={session.operator.email} readOnly hidden />
            <PasswordInput
              label={t('access.password.current')}
              autoComplete="current-password"
              withAsterisk
              data-autofocus
              {...field('currentPassword')}
            />
            <PasswordInput
              label={t('access.password.new')}
              description={t('access.password.newHint')}
              autoComplete="new-password"
              withAsterisk
              {...field('newPassword')}
            />
            <PasswordInput label={t('access.password.repeat')} autoComplete="new-password" withAsterisk {...field('repeatPassword')} />
            <Group justify="flex-end" mt="sm">
              <Button type="submit" loading={change.isPending}>
                {t('access.password.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
