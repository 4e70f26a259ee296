import { Alert, Text } from '@mantine/core';
import { IconLock, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CustomerProfile } from '@mawingu/contracts/admin/customers';
import { formatDate } from '../../../lib/format-date.ts';

/** The account's state above a customer's page: closed (since when, why) or suspended (since when, why). */
export function AccountNotices({ profile }: { profile: CustomerProfile }) {
  const { t, i18n } = useTranslation('adminCustomers');
  const closed = profile.closedAt !== null;
  const at = closed ? profile.closedAt : profile.suspendedAt;
  if (!at) return null;
  const reason = closed ? profile.closedReason : profile.suspendedReason;
  const Icon = closed ? IconLock : IconUserOff;
  return (
    <Alert
      color={closed ? 'gray' : 'red'}
      variant="light"
      icon={<Icon size={18} aria-hidden />}
      title={closed ? t('manage.closedTitle') : t('account.suspendedTitle')}
      data-testid={closed ? 'account-closed' : 'account-suspended'}
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {t('account.suspendedSince', { date: formatDate(at, i18n.language, { withTime: true }) })}{' '}
        {reason && t('account.reason', { reason })}
      </Text>
    </Alert>
  );
}
