import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Tabs } from '@mantine/core';
import { IconArchive, IconDatabase, IconReceipt, IconRefresh, IconServer, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import classes from './account.module.css';

export const ACCOUNT_TABS = ['products', 'purchaseHistory', 'renewals', 'tickets', 'backup', 'archived'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

/**
 * Spec section 9: profile tab 1 is Tickets, 2 the virtual machines (Products); anything else opens
 * Products. 3 opens Purchase History (ours: where a payment's notification leads).
 */
export function tabOfRouteId(id: string | undefined): AccountTab {
  if (id === '1') return 'tickets';
  return id === '3' ? 'purchaseHistory' : 'products';
}

/** Raise New Ticket shows only on the Tickets and Backup tabs (spec section 2). */
export const showsRaiseTicket = (tab: AccountTab) => tab === 'tickets' || tab === 'backup';

export type VmTab = Exclude<AccountTab, 'tickets'>;
const EMPTY_ICONS: Record<VmTab, Icon> = {
  products: IconServer,
  purchaseHistory: IconReceipt,
  renewals: IconRefresh,
  backup: IconDatabase,
  archived: IconArchive,
};

/** The VM tabs belong to the VM issues (document 2); until then each says calmly what will appear. */
function VmTabEmpty({ tab }: { tab: VmTab }) {
  const { t } = useTranslation('account');
  return (
    <EmptyState icon={EMPTY_ICONS[tab]} title={t(`empty.${tab}Title`)} text={t(`empty.${tab}Text`)}>
      {tab === 'products' && (
        <Button component={Link} to={paths.marketplace.getHref('all')} variant="light" mt="sm">
          {t('empty.exploreMarketplace')}
        </Button>
      )}
    </EmptyState>
  );
}

export type AccountTabsProps = {
  tab: AccountTab;
  onTabChange: (tab: AccountTab) => void;
  ticketsPanel: ReactNode;
  raiseTicketAction: ReactNode;
  /** Contents of the VM tabs that exist so far (from their features); the others keep their placeholder. */
  vmPanels?: Partial<Record<VmTab, ReactNode>>;
};

export function AccountTabs({ tab, onTabChange, ticketsPanel, raiseTicketAction, vmPanels = {} }: AccountTabsProps) {
  const { t } = useTranslation('account');
  const listRef = useRef<HTMLDivElement>(null);
  // On a phone the list scrolls sideways: keep the open tab (Tickets from /customerprofile/1) in view.
  useEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!list || !active) return;
    const start = active.offsetLeft;
    const end = start + active.offsetWidth;
    if (start < list.scrollLeft || end > list.scrollLeft + list.clientWidth) list.scrollLeft = Math.max(0, start - 24);
  }, [tab]);
  return (
    <Tabs
      value={tab}
      onChange={(value) => value && onTabChange(value as AccountTab)}
      keepMounted={false}
      id="tabs"
      classNames={{ root: classes.tabs }}
    >
      <div className={classes.tabBar}>
        <Tabs.List ref={listRef} aria-label={t('tabs.label')} className={classes.tabList}>
          {ACCOUNT_TABS.map((id) => (
            <Tabs.Tab key={id} value={id} className={classes.tab}>
              {t(`tabs.${id}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {showsRaiseTicket(tab) && <div className={classes.tabAction}>{raiseTicketAction}</div>}
      </div>
      {ACCOUNT_TABS.map((id) => (
        <Tabs.Panel key={id} value={id} className={classes.tabPanel}>
          {id === 'tickets' ? ticketsPanel : (vmPanels[id] ?? <VmTabEmpty tab={id} />)}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
