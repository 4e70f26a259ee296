import { Button, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { forgotPasswordRequest } from '@mawingu/contracts/auth';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import { showErrorToast } from '../../../lib/toast.ts';
import { useAuthText } from '../auth-text.ts';

// Spec section 5, forgot password / username: "Email required", "Enter correct email".
const schema = forgotPasswordRequest.pick({ emailID: true });
type EmailValues = z.infer<typeof schema>;

type EmailRequestFormProps = {
  send: (emailID: string) => Promise<ErrorEnvelope>;
  pending: boolean;
  /** Runs on 200; the form is cleared first. */
  onSent: (reply: ErrorEnvelope) => void | Promise<void>;
};

/** The e-mail field and Submit of the forgot-password and forgot-username screens. */
export function EmailRequestForm({ send, pending, onSent }: EmailRequestFormProps) {
  const { t } = useTranslation('auth');
  const authText = useAuthText();
  const form = useForm<EmailValues>({ resolver: zodResolver(schema), defaultValues: { emailID: '' } });
  const error = form.formState.errors.emailID?.message;

  const onSubmit = form.handleSubmit(async ({ emailID }) => {
    const reply = await send(emailID);
    if (reply.status === 200) {
      form.reset({ emailID: '' });
      await onSent(reply);
      return;
    }
    const fieldError = reply.data?.fieldErrors?.emailID;
    if (fieldError) form.setError('emailID', { message: fieldError });
    else showErrorToast(authText(reply.message));
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <TextInput
          {...form.register('emailID')}
          label={t('common.email')}
          placeholder={t('common.emailPlaceholder')}
          type="email"
          autoComplete="email"
          error={error && authText(error)}
          withAsterisk
        />
        <Button type="submit" fullWidth size="md" loading={pending}>
          {t('common.submit')}
        </Button>
      </Stack>
    </form>
  );
}
