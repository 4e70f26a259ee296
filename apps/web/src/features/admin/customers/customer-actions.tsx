import type { ComponentType } from 'react';
import { Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CustomerProfile } from '@mawingu/contracts/admin/customers';
import { AccountControls } from './account-controls.tsx';
import { AccountNotices } from './account-notices.tsx';
import { CloseAccountAction } from './close-account-dialog.tsx';
import { useCanManageVms } from './customers-api.ts';
import { MailCustomerAction } from './mail-customer-dialog.tsx';
import { ProfileEditAction } from './profile-edit-dialog.tsx';
import { VerificationAction } from './verification-action.tsx';

/** What every action section is given; each decides for itself whether it shows (role, account state). */
export type ActionSectionProps = { companyId: number; profile: CustomerProfile; name: string };

/** Who may use a section: every operator of the company, or owners and admins only (the API checks again). */
type ActionSection = { key: string; managersOnly: boolean; openOnly: boolean; Section: ComponentType<ActionSectionProps> };

/**
 * The actions on a customer's page, in this order: one small component each (a button and its
 * dialog). A new action (e.g. "Log in as", "Export / erase personal data") is one more entry here.
 * `openOnly`: hidden once the account is closed (the API refuses them then).
 */
const SECTIONS: ActionSection[] = [
  {
    key: 'profile',
    managersOnly: true,
    openOnly: true,
    Section: ({ companyId, profile }) => <ProfileEditAction companyId={companyId} profile={profile} />,
  },
  { key: 'mail', managersOnly: false, openOnly: true, Section: MailCustomerAction },
  {
    key: 'verification',
    managersOnly: true,
    openOnly: true,
    Section: ({ companyId, profile }) => <VerificationAction companyId={companyId} profile={profile} />,
  },
  { key: 'account', managersOnly: true, openOnly: true, Section: AccountControls },
  { key: 'close', managersOnly: true, openOnly: true, Section: CloseAccountAction },
];

/** The account's state (suspended, closed) and the row of actions under the customer's name. */
export function CustomerActions(props: ActionSectionProps) {
  const { t } = useTranslation('adminCustomers');
  const canManage = useCanManageVms();
  const closed = props.profile.closedAt !== null;
  const shown = SECTIONS.filter((s) => (canManage || !s.managersOnly) && !(closed && s.openOnly));
  return (
    <Stack gap="sm">
      <AccountNotices profile={props.profile} />
      {shown.length > 0 && (
        <Group gap="sm" role="group" aria-label={t('manage.actionsLabel')}>
          {shown.map(({ key, Section }) => (
            <Section key={key} {...props} />
          ))}
        </Group>
      )}
    </Stack>
  );
}
