import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Container, Skeleton, Stack } from '@mantine/core';
import { useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useUserProfileInfo } from '../../../api/profile/get-user-profile-info.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useAccountText } from '../account-text.ts';
import classes from '../components/account.module.css';
import { AccountTabs, tabOfRouteId, type AccountTabsProps } from '../components/account-tabs.tsx';
import { ProfileForm } from '../components/profile-form.tsx';
import { SshKeysCard } from '../components/ssh-keys-card.tsx';
import { ProfileSummary } from '../components/profile-summary.tsx';

export type CustomerProfilePageProps = {
  /** Content of the Tickets tab (the tickets feature's list). */
  ticketsPanel: ReactNode;
  /** "Raise New Ticket", shown beside the tabs on Tickets and Backup only. */
  raiseTicketAction: ReactNode;
  /** Contents of the VM tabs supplied by their features (Products, Purchase History…). */
  vmPanels?: AccountTabsProps['vmPanels'];
};

function ProfileSkeleton() {
  return (
    <div className={classes.layout} aria-busy="true">
      <Skeleton height={300} radius="lg" />
      <Stack gap="md">
        <Skeleton height={56} radius="lg" />
        <Skeleton height={56} radius="lg" />
      </Stack>
    </div>
  );
}

/**
 * The account page (/customerprofile/{id}, spec section 2): profile picture, Personal Information
 * and Billing Address, and the tabs; id 1 opens Tickets, id 2 (or anything else) Products. The
 * tickets feature supplies its panel and button through the route (app/), as features do not
 * import each other.
 */
export function CustomerProfilePage({ ticketsPanel, raiseTicketAction, vmPanels }: CustomerProfilePageProps) {
  const { t } = useTranslation('account');
  const text = useAccountText();
  const { id } = useParams();
  const query = useUserProfileInfo();
  const [tab, setTab] = useState(() => tabOfRouteId(id));
  // The header's menus link to /customerprofile/1 and /2 while this page may already be open.
  const [shownId, setShownId] = useState(id);
  if (shownId !== id) {
    setShownId(id);
    setTab(tabOfRouteId(id));
  }

  // #tabs (View Purchase): the tabs, past the profile form, once the form above has its height.
  const { hash, key } = useLocation();
  useEffect(() => {
    if (hash === '#tabs' && !query.isPending) document.getElementById('tabs')?.scrollIntoView?.({ block: 'start' });
  }, [hash, key, query.isPending]);

  const reply = query.data;
  let profile: ReactNode;
  let keysCard: ReactNode = null;
  if (query.isPending) profile = <ProfileSkeleton />;
  else if (!reply?.data) {
    profile = (
      <Alert color="red" variant="light" title={t('loadFailed')}>
        {reply?.message ? text(reply.message) : null}
        <Button variant="default" size="xs" mt="sm" display="block" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  } else {
    profile = (
      <div className={classes.layout}>
        <ProfileSummary user={reply.data.userDetails} />
        <ProfileForm user={reply.data.userDetails} countries={reply.data.countryList} />
      </div>
    );
    keysCard = <SshKeysCard />;
  }

  return (
    <>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      <Container py={{ base: 'lg', sm: 'xl' }}>
        {profile}
        {keysCard}
        <AccountTabs tab={tab} onTabChange={setTab} ticketsPanel={ticketsPanel} raiseTicketAction={raiseTicketAction} vmPanels={vmPanels} />
      </Container>
    </>
  );
}
