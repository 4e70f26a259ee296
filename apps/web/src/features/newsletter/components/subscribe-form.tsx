import { Button, Group, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { STATUS } from '@mawingu/contracts/envelope';
import { subscribeUserRequest } from '@mawingu/contracts/newsletter';
import { useSubscribeUser } from '../../../api/newsletter/subscribe-user.ts';
import { useSpecText } from '../../../lib/spec-text.ts';
import { showErrorToast, showInfoToast, showSuccessToast } from '../../../lib/toast.ts';

// Spec section 5: trimmed, "Email required" when empty, "Enter correct email" otherwise.
const schema = subscribeUserRequest.pick({ emailID: true });
type SubscribeValues = z.infer<typeof schema>;

export default function SubscribeForm() {
  const { t } = useTranslation();
  const specText = useSpecText();
  const subscribe = useSubscribeUser();
  const form = useForm<SubscribeValues>({ resolver: zodResolver(schema), defaultValues: { emailID: '' } });

  const onSubmit = form.handleSubmit(async ({ emailID }) => {
    const reply = await subscribe.mutateAsync(emailID);
    const fieldError = reply.data?.fieldErrors?.emailID;
    if (reply.status === STATUS.ok || reply.status === STATUS.conflict) {
      // Spec section 8: both "Subscribed successfully" and "The email already exists" clear the input.
      form.reset({ emailID: '' });
      if (reply.status === STATUS.ok) showSuccessToast(specText(reply.message));
      else showInfoToast(specText(reply.message));
    } else if (fieldError) {
      form.setError('emailID', { message: fieldError });
    } else {
      showErrorToast(specText(reply.message));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          {...form.register('emailID')}
          type="email"
          autoComplete="email"
          aria-label={t('footer.emailLabel')}
          placeholder={t('footer.emailPlaceholder')}
          error={form.formState.errors.emailID?.message && specText(form.formState.errors.emailID.message)}
          style={{ flex: 1 }}
        />
        <Button type="submit" loading={subscribe.isPending}>
          {t('footer.subscribe')}
        </Button>
      </Group>
    </form>
  );
}
