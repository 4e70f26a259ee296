import type { ComponentType } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CustomerProfile } from '@mawingu/contracts/admin/customers';
import { AccountControls } from './account-controls.tsx';
import { AccountNotices } from './account-notices.tsx';
import { CloseAccountAction } from './close-account-dialog.tsx';
import { useCanManageVms } from './customers-api.ts';
import { MailCustomerButton } from './mail-customer-button.tsx';
import { ProfileEditAction } from './profile-edit-dialog.tsx';
import { VerificationAction } from './verification-action.tsx';

/** What every action section is given; each decides for itself whether it shows (role, account state). */
export type ActionSectionProps = { companyId: number; profile: CustomerProfile; name: string };

/** Who may use a section: every operator of the company, or owners and admins only (the API checks again). */
type ActionSection = {
  key: string;
  /** The row it sits in: talking to the customer, or the account itself. */
  row: 'contact' | 'account';
  managersOnly: boolean;
  /** Hidden once the account is closed (the API refuses it then). */
  openOnly: boolean;
  Section: ComponentType<ActionSectionProps>;
};

/**
 * The actions on a customer's page, in two labelled rows and in this order: one small component
 * each (a button and its dialog). A new action (e.g. "Log in as", "Export / erase personal data")
 * is one more entry here, in the row it belongs to.
 */
const SECTIONS: ActionSection[] = [
  {
    key: 'profile',
    row: 'contact',
    managersOnly: true,
    openOnly: true,
    Section: ({ companyId, profile }) => <ProfileEditAction companyId={companyId} profile={profile} />,
  },
  {
    key: 'mail',
    row: 'contact',
    managersOnly: false,
    openOnly: true,
    Section: ({ companyId, profile }) => <MailCustomerButton companyId={companyId} customerId={profile.id} email={profile.email} />,
  },
  {
    key: 'verification',
    row: 'contact',
    managersOnly: true,
    openOnly: true,
    Section: ({ companyId, profile }) => <VerificationAction companyId={companyId} profile={profile} />,
  },
  {
    key: 'password-link',
    row: 'contact',
    managersOnly: true,
    openOnly: true,
    Section: (props) => <AccountControls {...props} part="passwordLink" />,
  },
  {
    key: 'suspension',
    row: 'account',
    managersOnly: true,
    openOnly: true,
    Section: (props) => <AccountControls {...props} part="suspension" />,
  },
  { key: 'close', row: 'account', managersOnly: true, openOnly: true, Section: CloseAccountAction },
];

const ROWS = ['contact', 'account'] as const;

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
        <div role="group" aria-label={t('manage.actionsLabel')}>
          <Stack gap="xs">
            {ROWS.map((row) => {
              const inRow = shown.filter((s) => s.row === row);
              if (inRow.length === 0) return null;
              return (
                <Group key={row} gap="sm" align="center" role="group" aria-label={t(`manage.rows.${row}`)}>
                  <Text size="xs" fw={600} c="gray.7" tt="uppercase" w={{ base: '100%', sm: 84 }}>
                    {t(`manage.rows.${row}`)}
                  </Text>
                  {inRow.map(({ key, Section }) => (
                    <Section key={key} {...props} />
                  ))}
                </Group>
              );
            })}
          </Stack>
        </div>
      )}
    </Stack>
  );
}
