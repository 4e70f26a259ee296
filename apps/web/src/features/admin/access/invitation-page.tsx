import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { ApiError } from '../../../api/api-error.ts';
import { consoleAuth } from './access-api.ts';
import { Frame } from './access-frame.tsx';
import { meetsOperatorPasswordRule } from './password-rules.ts';
import './mantine-access-styles.ts';

type Errors = { password?: string; repeat?: string; form?: string };

/** /admin/invitation/:token: an invited operator chooses their password, then logs in as anyone does. */
export default function InvitationPage() {
  const { t } = useTranslation('admin');
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const local: Errors = {
      password: meetsOperatorPasswordRule(password) ? undefined : t('access.invitation.passwordHint'),
      repeat: repeat === password ? undefined : t('access.invitation.mismatch'),
    };
    if (local.password || local.repeat) return setErrors(local);
    setErrors({});
    setBusy(true);
    try {
      await consoleAuth.acceptInvitation(token, password);
      setDone(true);
    } catch (err) {
      // A dead link is said above the form; a refused password under its field.
      if (err instanceof ApiError && err.fieldErrors?.password) setErrors({ password: err.fieldErrors.password });
      else setErrors({ form: (err as Error).message });
    } finally {
      setBusy(false);
    }
  }

  if (done)
    return (
      <Frame title={t('access.invitation.title')}>
        <Alert color="teal" variant="light" role="status">
          {t('access.invitation.done')}
        </Alert>
        <Button component={Link} to="/admin/login" fullWidth>
          {t('access.invitation.toLogin')}
        </Button>
      </Frame>
    );

  return (
    <Frame title={t('access.invitation.title')} intro={t('access.invitation.intro')}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          {errors.form && (
            <Alert color="red" variant="light" role="alert">
              {errors.form}
            </Alert>
          )}
          <PasswordInput
            label={t('access.invitation.password')}
            description={t('access.invitation.passwordHint')}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
            withAsterisk
            data-autofocus
          />
          <PasswordInput
            label={t('access.invitation.confirm')}
            autoComplete="new-password"
            value={repeat}
            onChange={(e) => setRepeat(e.currentTarget.value)}
            error={errors.repeat}
            withAsterisk
          />
          <Button type="submit" loading={busy} fullWidth>
            {t('access.invitation.submit')}
          </Button>
        </Stack>
      </form>
    </Frame>
  );
}
