import { Alert, Text } from '@mantine/core';
import { IconLock, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CustomerProfile } from '@mawingu/contracts/admin/customers';
import { formatDate } from '../../../lib/format-date.ts';

/** The account's state above a customer's page: closed (since when, why) or suspended (since when, why). */
export function AccountNotices({ profile }: { profile: CustomerProfile }) {
  const { t, i18n } = useTranslation('adminCustomers');
  const since = (at: string) => formatDate(at, i18n.language, { withTime: true });
  if (profile.closedAt) {
    return (
      <Alert
        color="gray"
        variant="light"
        icon={<IconLock size={18} aria-hidden />}
        title={t('manage.closedTitle')}
        data-testid="account-closed"
      >
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('account.suspendedSince', { date: since(profile.closedAt) })}{' '}
          {profile.closedReason && t('account.reason', { reason: profile.closedReason })}
        </Text>
      </Alert>
    );
  }
  if (!profile.suspendedAt) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconUserOff size={18} aria-hidden />}
      title={t('account.suspendedTitle')}
      data-testid="account-suspended"
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {t('account.suspendedSince', { date: since(profile.suspendedAt) })}{' '}
        {profile.suspendedReason && t('account.reason', { reason: profile.suspendedReason })}
      </Text>
    </Alert>
  );
}
