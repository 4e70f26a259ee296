import { Button, Card, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { STATUS } from '@mawingu/contracts/envelope';
import { enquiryFields, type EnquiryFields } from '@mawingu/contracts/product-services';
import { useSendQueryMail } from '../../../api/product-services/send-query-mail.ts';
import { useSpecText } from '../../../lib/spec-text.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';

const FIELDS = ['name', 'emailID', 'productService', 'queryData'] as const;

/**
 * serviceOption SendEmailForEnquiry: name, e-mail, product service and description with the
 * spec's messages; the enquiry is e-mailed to the company ("Your request have been submitted!").
 */
export function EnquiryForm({ businessName }: { businessName: string }) {
  const { t } = useTranslation();
  const specText = useSpecText();
  const send = useSendQueryMail();
  const defaults: EnquiryFields = { name: '', emailID: '', productService: businessName, queryData: '' };
  const form = useForm<EnquiryFields>({ resolver: zodResolver(enquiryFields), defaultValues: defaults });
  const error = (field: (typeof FIELDS)[number]) => {
    const message = form.formState.errors[field]?.message;
    return message ? specText(message) : undefined;
  };

  const onSubmit = form.handleSubmit(async (fields) => {
    const reply = await send.mutateAsync(fields);
    if (reply.status === STATUS.ok) {
      showSuccessToast(specText(reply.message));
      form.reset(defaults);
      return;
    }
    const fieldErrors = reply.data?.fieldErrors ?? {};
    let matched = false;
    for (const field of FIELDS) {
      if (fieldErrors[field]) {
        form.setError(field, { message: fieldErrors[field] });
        matched = true;
      }
    }
    if (!matched) showErrorToast(specText(reply.message));
  });

  return (
    <Card padding="lg" component="section" aria-labelledby="enquiry-title">
      <Title order={2} fz="lg" id="enquiry-title">
        {t('businessUnit.enquiryTitle')}
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="md">
        {t('businessUnit.enquiryText')}
      </Text>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          <TextInput {...form.register('name')} label={t('businessUnit.name')} autoComplete="name" withAsterisk error={error('name')} />
          <TextInput
            {...form.register('emailID')}
            label={t('businessUnit.email')}
            type="email"
            autoComplete="email"
            withAsterisk
            error={error('emailID')}
          />
          <TextInput
            {...form.register('productService')}
            label={t('businessUnit.productService')}
            withAsterisk
            error={error('productService')}
          />
          <Textarea
            {...form.register('queryData')}
            label={t('businessUnit.description')}
            rows={5}
            resize="vertical"
            withAsterisk
            error={error('queryData')}
          />
          <Button type="submit" loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('businessUnit.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
