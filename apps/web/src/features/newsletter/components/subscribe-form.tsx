import { useState, type FormEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATUS } from '@mawingu/contracts/envelope';
import { useSubscribeUser } from '../../../api/newsletter/subscribe-user.ts';
import { useSpecText } from '../../../lib/spec-text.ts';
import { showErrorToast, showInfoToast, showSuccessToast } from '../../../lib/toast.ts';
import { checkEmail, preloadEmailCheck } from './subscribe-email-check.ts';

/**
 * The footer's newsletter box, on every page. A plain form rather than react-hook-form: one field
 * does not need it, and the form is part of every first load. Like the other forms it checks on
 * submit and then again on every change until it is cleared.
 */
export function SubscribeForm() {
  const { t } = useTranslation();
  const specText = useSpecText();
  const subscribe = useSubscribeUser();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const clear = () => {
    setValue('');
    setError(null);
    setChecking(false);
  };

  const onChange = async (next: string) => {
    setValue(next);
    if (checking) {
      const result = await checkEmail(next).catch(() => null);
      if (result) setError('problem' in result ? result.problem : null);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setChecking(true);
    const result = await checkEmail(value).catch(() => null);
    if (!result) {
      // The check itself could not be fetched (offline): as if the call had failed.
      showErrorToast(t('api.network'));
      return;
    }
    if ('problem' in result) {
      setError(result.problem);
      return;
    }
    setError(null);
    const reply = await subscribe.mutateAsync(result.emailID);
    const fieldError = reply.data?.fieldErrors?.emailID;
    if (reply.status === STATUS.ok || reply.status === STATUS.conflict) {
      // Spec section 8: both "Subscribed successfully" and "The email already exists" clear the input.
      clear();
      if (reply.status === STATUS.ok) showSuccessToast(specText(reply.message));
      else showInfoToast(specText(reply.message));
    } else if (fieldError) {
      setError(fieldError);
    } else {
      showErrorToast(specText(reply.message));
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          name="emailID"
          value={value}
          onChange={(event) => void onChange(event.currentTarget.value)}
          onFocus={preloadEmailCheck}
          type="email"
          autoComplete="email"
          aria-label={t('footer.emailLabel')}
          placeholder={t('footer.emailPlaceholder')}
          error={error && specText(error)}
          style={{ flex: 1 }}
        />
        <Button type="submit" loading={subscribe.isPending}>
          {t('footer.subscribe')}
        </Button>
      </Group>
    </form>
  );
}
