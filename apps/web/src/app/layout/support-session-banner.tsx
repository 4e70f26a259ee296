import { useEffect, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentSupportSession } from '../../api/support-session/support-session.ts';
import { logout } from '../../lib/session/logout.ts';
import { clearSupportSession, useSupportSession } from '../../lib/session/support-session.ts';
import classes from './support-session-banner.module.css';

/**
 * On every page of an operator's support session ("log in as", ADR 0118): whose account, which
 * operator, and End, which ends the session (audited) and closes the tab the console opened (or,
 * where the browser keeps it open, leaves it logged out on the home page).
 */
export function SupportSessionBanner() {
  const { t } = useTranslation();
  const banner = useSupportSession();
  const [ending, setEnding] = useState(false);

  // The server is the authority: a stored banner whose session is not a support session is dropped.
  useEffect(() => {
    if (!banner) return;
    let live = true;
    currentSupportSession().then(
      (current) => {
        if (live && current === null) clearSupportSession();
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [banner]);

  if (!banner) return null;

  async function end() {
    setEnding(true);
    try {
      await logout();
    } finally {
      setEnding(false);
      window.close();
    }
  }

  return (
    <div className={classes.banner} role="region" aria-label={t('supportSession.label')} data-testid="support-session-banner">
      <Group gap="sm" wrap="nowrap" className={classes.inner}>
        <IconHeadset size={20} aria-hidden className={classes.icon} />
        <Text size="sm" fw={500} className={classes.text}>
          {t('supportSession.banner', { customer: banner.customerName, operator: banner.operatorName })}
        </Text>
        <Button size="compact-sm" color="dark" variant="filled" onClick={() => void end()} loading={ending} className={classes.end}>
          {t('supportSession.end')}
        </Button>
      </Group>
    </div>
  );
}
