import { Anchor, Card, Checkbox, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
// The configurator is the first page with a checkbox a customer may open: its styles come with it.
import '@mantine/core/styles/Checkbox.css';
import { sshKeysQueryOptions } from '../../../api/vm-access/vm-access.ts';
import { paths } from '../../../app/paths.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import classes from './purchase.module.css';

type SshKeyPickerProps = { value: number[]; onChange: (ids: number[]) => void };

/**
 * The configurator's "Access" card (ADR 0100): which of the profile's SSH keys the new machine
 * gets. Every machine also gets a generated password, shown once on its view.
 */
export function SshKeyPicker({ value, onChange }: SshKeyPickerProps) {
  const { t } = useTranslation('purchase');
  const session = useSession();
  const keys = useQuery({ ...sshKeysQueryOptions(), enabled: session.isLoggedIn });
  const list = keys.data?.status === 200 ? (keys.data.data ?? []) : [];
  const profileLink = (
    <Anchor component={Link} to={paths.customerProfile.getHref()} size="sm">
      {t('access.manage')}
    </Anchor>
  );

  return (
    <Card padding="lg" withBorder radius="md" component="section" aria-labelledby="access-title" data-testid="ssh-key-picker">
      <Title order={2} id="access-title" className={classes.sectionTitle}>
        {t('access.title')}
      </Title>
      <Text size="xs" c="dimmed" mb="md">
        {t('access.hint')}
      </Text>
      {!session.isLoggedIn ? (
        <Text size="sm">{t('access.signIn')}</Text>
      ) : list.length === 0 ? (
        <Text size="sm">
          {t('access.none')} {profileLink}
        </Text>
      ) : (
        <Checkbox.Group value={value.map(String)} onChange={(ids) => onChange(ids.map(Number))} label={t('access.keys')}>
          <Stack gap="xs" mt="xs">
            {list.map((key) => (
              <Checkbox
                key={key.ID}
                value={String(key.ID)}
                label={key.name}
                description={
                  <span style={{ fontFamily: 'var(--mantine-font-family-monospace)', overflowWrap: 'anywhere' }}>{key.fingerprint}</span>
                }
              />
            ))}
            {profileLink}
          </Stack>
        </Checkbox.Group>
      )}
    </Card>
  );
}
