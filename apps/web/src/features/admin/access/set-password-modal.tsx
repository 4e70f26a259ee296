import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import type { OperatorRow } from '@mawingu/contracts/admin/access';
import { showSuccessToast } from '../../../lib/toast.ts';
import { ApiError } from '../../../api/api-error.ts';
import { useOperatorMutations } from './access-api.ts';
import { meetsOperatorPasswordRule } from './password-rules.ts';

/**
 * A manager gives another operator a new password (one who forgot theirs). The modal says first
 * that every session of theirs ends; the operator can change it afterwards under Change password.
 */
export function SetPasswordModal({ operator, onClose }: { operator: OperatorRow; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { setPassword } = useOperatorMutations();
  const [password, setValue] = useState('');
  const [errors, setErrors] = useState<{ password?: string; form?: string }>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!meetsOperatorPasswordRule(password)) return setErrors({ password: t('access.operators.form.passwordWeak') });
    setErrors({});
    try {
      await setPassword.mutateAsync({ id: operator.id, password });
      showSuccessToast(t('access.operators.setPasswordDone', { name: operator.name }));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors) setErrors(err.fieldErrors);
      else setErrors({ form: (err as Error).message });
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('access.operators.setPasswordTitle', { name: operator.name })}
      closeButtonProps={{ 'aria-label': t('access.operators.cancel') }}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Alert color="orange" variant="light">
            {t('access.operators.setPasswordWarning')}
          </Alert>
          {errors.form && (
            <Alert color="red" variant="light" role="alert">
              {errors.form}
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            {operator.email}
          </Text>
          <PasswordInput
            label={t('access.operators.setPasswordField')}
            description={t('access.password.newHint')}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={errors.password}
            withAsterisk
            data-autofocus
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('access.operators.cancel')}
            </Button>
            <Button type="submit" loading={setPassword.isPending}>
              {t('access.operators.setPasswordSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
