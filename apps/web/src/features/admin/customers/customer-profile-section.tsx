import { Card } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CustomerDetail } from '@mawingu/contracts/admin/customers';
import { formatDate } from '../../../lib/format-date.ts';
import { FactList } from '../shell/fact-list.tsx';

export function Profile({ detail }: { detail: CustomerDetail }) {
  const { t, i18n } = useTranslation('adminCustomers');
  const p = detail.profile;
  const address = [p.address, p.city, p.state, p.postCode].filter(Boolean).join(', ');
  return (
    <Card withBorder radius="md" padding="lg" maw={720}>
      <FactList
        facts={[
          [t('customer.profile.name'), `${p.firstName} ${p.lastName}`.trim()],
          [t('customer.profile.email'), p.email],
          [
            t('customer.profile.emailVerified'),
            p.emailVerifiedAt ? formatDate(p.emailVerifiedAt, i18n.language, { withTime: true }) : t('customer.profile.notVerified'),
          ],
          [t('customer.profile.phone'), `${p.countryCode} ${p.contactNo}`.trim()],
          [t('customer.profile.company'), p.companyName || t('common.none')],
          [t('customer.profile.vatNumber'), p.vatNumber || t('common.none')],
          [t('customer.profile.kraPin'), p.kraPin || t('common.none')],
          [t('customer.profile.address'), address || t('common.none')],
          [t('customer.profile.region'), p.region || t('common.none')],
          [t('customer.profile.since'), formatDate(p.createdAt, i18n.language)],
        ]}
      />
    </Card>
  );
}
