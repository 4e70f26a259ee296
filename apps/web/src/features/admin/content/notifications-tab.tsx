import { useMemo, useState } from 'react';
import { Alert, Button, Card, Group, Radio, Select, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBell, IconSend } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_MAX, notificationInput, type NotificationInput } from '@mawingu/contracts/admin/content';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { ConfirmModal } from '../shell/confirm-modal.tsx';
import { placeApiErrors } from './api-errors.ts';
import { useRecipients, useSendNotification } from './content-api.ts';
import { TabHeading } from './tab-parts.tsx';

type NotifyValues = { audience: 'customer' | 'all'; customerId: string | null; text: string };
const EMPTY: NotifyValues = { audience: 'customer', customerId: null, text: '' };

const toRequest = (values: NotifyValues): NotificationInput =>
  values.audience === 'all'
    ? { audience: 'all', text: values.text }
    : { audience: 'customer', text: values.text, ...(values.customerId ? { customerId: Number(values.customerId) } : {}) };

/** A notification under the customers' bell: to one customer (searched by name, e-mail or id) or to all, after a confirmation. */
export function NotificationsTab({ companyId }: { companyId: number }) {
  const { t } = useTranslation('adminContent');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const recipients = useRecipients(companyId, debounced);
  const send = useSendNotification(companyId);
  const [confirming, setConfirming] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  // Picked customers stay listed (with their label) while the search text changes.
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const form = useForm<NotifyValues>({ defaultValues: EMPTY });
  const { errors } = form.formState;
  const audience = form.watch('audience');
  const text = form.watch('text');
  const customerCount = recipients.data?.customerCount;

  const options = useMemo(() => {
    const listed = (recipients.data?.items ?? []).map((r) => ({ value: String(r.id), label: `${r.name} — ${r.email}` }));
    return picked && !listed.some((o) => o.value === picked.value) ? [picked, ...listed] : listed;
  }, [recipients.data, picked]);

  async function deliver(values: NotifyValues) {
    setFormError(null);
    try {
      const { sent } = await send.mutateAsync(toRequest(values));
      showSuccessToast(t('notify.sent', { count: sent }));
      setConfirming(false);
      form.reset({ ...EMPTY, audience: values.audience });
      setPicked(null);
      setSearch('');
    } catch (err) {
      setConfirming(false);
      setFormError(placeApiErrors(err, form, (field) => (field === 'email' ? 'customerId' : field)));
      showErrorToast(err instanceof Error ? err.message : t('common.failed'));
    }
  }

  // The contract's rules (and messages) before the call; "all" asks first.
  const submit = form.handleSubmit((values) => {
    const parsed = notificationInput.safeParse(toRequest(values));
    if (!parsed.success) {
      parsed.error.issues.forEach((issue, i) =>
        form.setError(String(issue.path[0]) as keyof NotifyValues, { type: 'zod', message: issue.message }, { shouldFocus: i === 0 }),
      );
      return;
    }
    if (values.audience === 'all') setConfirming(true);
    else void deliver(values);
  });

  return (
    <Stack gap="md" maw={720}>
      <TabHeading title={t('notify.heading')} intro={t('notify.intro')} />
      <Card withBorder radius="md" padding="lg">
        <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('notify.heading')}>
          <Stack gap="md">
            <Controller
              control={form.control}
              name="audience"
              render={({ field }) => (
                <Radio.Group
                  label={t('notify.audience')}
                  value={field.value}
                  onChange={(value) => field.onChange(value)}
                  error={errors.audience?.message}
                >
                  <Group gap="lg" mt={6} wrap="wrap">
                    <Radio value="customer" label={t('notify.one')} />
                    <Radio
                      value="all"
                      label={customerCount === undefined ? t('notify.allPending') : t('notify.all', { count: customerCount })}
                    />
                  </Group>
                </Radio.Group>
              )}
            />
            {audience === 'customer' && (
              <Controller
                control={form.control}
                name="customerId"
                render={({ field }) => (
                  <Select
                    label={t('notify.customer')}
                    description={t('notify.customerHint')}
                    placeholder={t('notify.customerPlaceholder')}
                    required
                    searchable
                    clearable
                    data={options}
                    value={field.value}
                    searchValue={search}
                    onSearchChange={setSearch}
                    onChange={(value, option) => {
                      field.onChange(value);
                      setPicked(value && option ? { value, label: option.label } : null);
                      form.clearErrors('customerId');
                    }}
                    // The server already matched name, e-mail and id.
                    filter={({ options: all }) => all}
                    nothingFoundMessage={recipients.isFetching ? t('common.loading') : t('notify.noCustomer')}
                    error={errors.customerId?.message}
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
              />
            )}
            <Textarea
              label={t('notify.text')}
              description={t('notify.textHint', { count: text.length, max: NOTIFICATION_MAX })}
              required
              autosize
              minRows={3}
              maxRows={8}
              maxLength={NOTIFICATION_MAX}
              error={errors.text?.message}
              {...form.register('text')}
            />
            {formError && (
              <Alert color="red" variant="light" role="alert">
                {formError}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" leftSection={<IconSend size={16} aria-hidden />} loading={send.isPending && !confirming}>
                {audience === 'all' ? t('notify.sendAll') : t('notify.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <ConfirmModal
        opened={confirming}
        title={t('notify.confirmTitle')}
        text={t('notify.confirmText', { count: customerCount ?? 0 })}
        confirmLabel={t('notify.confirmSend', { count: customerCount ?? 0 })}
        pending={send.isPending}
        onConfirm={() => void deliver(form.getValues())}
        onClose={() => setConfirming(false)}
      >
        <Card withBorder radius="sm" padding="sm" bg="gray.0">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconBell size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
              {text}
            </Text>
          </Group>
        </Card>
      </ConfirmModal>
    </Stack>
  );
}
