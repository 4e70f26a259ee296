import { Button, Card, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconSend } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CONTACT_MESSAGE_MAX, writeToUsFields, type WriteToUsFields } from '@mawingu/contracts/contact';
import { STATUS } from '@mawingu/contracts/envelope';
import { messages } from '@mawingu/contracts/messages';
import { useWriteToUs } from '../../../api/contact/write-to-us.ts';
import { useSpecText } from '../../../lib/spec-text.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';

const EMPTY: WriteToUsFields = { emailID: '', content: '' };

/** "Write to us": e-mail and message, checked as the server checks them; cleared after any reply. */
export function WriteToUsForm() {
  const { t } = useTranslation();
  const specText = useSpecText();
  const send = useWriteToUs();
  const form = useForm<WriteToUsFields>({ resolver: zodResolver(writeToUsFields), defaultValues: EMPTY });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (fields) => {
    const reply = await send.mutateAsync(fields);
    // Spec section 4: the fields clear on success and on failure alike.
    form.reset(EMPTY);
    if (reply.status === STATUS.ok) showSuccessToast(specText(messages.writeToUsSent));
    else showErrorToast(specText(reply.message));
  });

  return (
    <Card padding="xl" component="section" aria-labelledby="help-write" h="100%">
      <Title order={2} fz="xl" id="help-write">
        {t('help.writeTitle')}
      </Title>
      <Text c="dimmed" size="sm" mt={4} mb="lg">
        {t('help.writeText')}
      </Text>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          <TextInput
            {...form.register('emailID')}
            type="email"
            autoComplete="email"
            label={t('help.emailLabel')}
            placeholder={t('help.emailPlaceholder')}
            error={errors.emailID?.message && specText(errors.emailID.message)}
            withAsterisk
          />
          <Textarea
            {...form.register('content')}
            label={t('help.messageLabel')}
            placeholder={t('help.messagePlaceholder')}
            error={errors.content?.message && specText(errors.content.message)}
            rows={6}
            resize="vertical"
            maxLength={CONTACT_MESSAGE_MAX}
            withAsterisk
          />
          <Button
            type="submit"
            loading={send.isPending}
            rightSection={<IconSend size={16} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('help.send')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
