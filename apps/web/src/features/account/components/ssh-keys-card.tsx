import { useState, type FormEvent } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Stack, Text, TextInput, Textarea, Title, Tooltip } from '@mantine/core';
import { IconKey, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAddSshKey, useDeleteSshKey, useSshKeys } from '../../../api/vm-access/vm-access.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { useSpecTextIn } from '../../../lib/spec-text-in.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';

/**
 * The profile's SSH public keys (ADR 0100): the list (name, type, fingerprint), a form that adds
 * one `authorized_keys` line, and remove. The server checks the key and names the field at fault.
 */
export function SshKeysCard() {
  const { t, i18n } = useTranslation('account');
  const specText = useSpecTextIn('account');
  const keys = useSshKeys();
  const add = useAddSshKey();
  const remove = useDeleteSshKey();
  const [name, setName] = useState('');
  const [publicKey, setPublicKey] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const list = keys.data?.status === 200 ? (keys.data.data ?? []) : [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const reply = await add.mutateAsync({ name, publicKey });
    if (reply.status === 200) {
      setName('');
      setPublicKey('');
      setErrors({});
      showSuccessToast(specText(reply.message));
      return;
    }
    const fieldErrors = reply.failure?.fieldErrors ?? {};
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length === 0) showErrorToast(specText(reply.message));
  };

  return (
    <Card withBorder radius="md" padding="lg" mt="lg" component="section" aria-labelledby="ssh-keys-title" data-testid="ssh-keys">
      <Group gap="xs" mb={4}>
        <IconKey size={18} aria-hidden />
        <Title order={2} size="h4" id="ssh-keys-title">
          {t('sshKeys.title')}
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t('sshKeys.hint')}
      </Text>
      <Stack gap="xs" mb="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {list.length === 0 && (
          <Text component="li" size="sm" c="dimmed">
            {t('sshKeys.none')}
          </Text>
        )}
        {list.map((key) => (
          <Group
            key={key.ID}
            component="li"
            justify="space-between"
            wrap="nowrap"
            gap="sm"
            py={6}
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text fw={600} size="sm">
                  {key.name}
                </Text>
                <Badge variant="light" size="sm" tt="none">
                  {key.type}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {key.fingerprint}
              </Text>
              <Text size="xs" c="dimmed">
                {t('sshKeys.added', { date: formatDate(key.createdDate, i18n.language) })}
              </Text>
            </Stack>
            <Tooltip label={t('sshKeys.remove', { name: key.name })}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('sshKeys.remove', { name: key.name })}
                loading={remove.isPending && remove.variables === key.ID}
                onClick={async () => {
                  const reply = await remove.mutateAsync(key.ID);
                  (reply.status === 200 ? showSuccessToast : showErrorToast)(specText(reply.message));
                }}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
      </Stack>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('sshKeys.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name ? specText(errors.name) : undefined}
            maxLength={50}
            maw={{ base: '100%', xs: 360 }}
          />
          <Textarea
            label={t('sshKeys.key')}
            description={t('sshKeys.keyHint')}
            placeholder="ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA… you@laptop"
            value={publicKey}
            onChange={(e) => setPublicKey(e.currentTarget.value)}
            error={errors.publicKey ? specText(errors.publicKey) : undefined}
            rows={3}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending}>
              {t('sshKeys.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
