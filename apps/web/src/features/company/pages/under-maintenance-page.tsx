import { useEffect } from 'react';
import { Anchor, Loader, Text, Title } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STATUS } from '@mawingu/contracts/envelope';
import { paths } from '../../../app/paths.ts';
import { assignLocation } from '../../../lib/browser-location.ts';
import { isHttpUrl } from '../../../lib/external-url.ts';
import { StatusPanel } from '../components/status-panel.tsx';
import { useFreshCompanyConfiguration } from '../use-fresh-company-configuration.ts';

/** Long enough to read the message before the configured address takes over. */
export const MAINTENANCE_REDIRECT_DELAY_MS = 5_000;

export default function UnderMaintenancePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { query, reply } = useFreshCompanyConfiguration();
  const isLive = reply?.status === STATUS.ok;

  // 300's message is the maintenance text; the configuration's own text is the fallback.
  const message =
    (reply?.status === STATUS.maintenance && reply.message.trim()) ||
    reply?.data?.maintenanceModeMsg.trim() ||
    t('company.maintenanceFallback');
  const target = reply?.data?.maintenanceModeRedirect.trim();
  const redirectUrl = !isLive && !query.isFetching && isHttpUrl(target) ? target : null;

  useEffect(() => {
    if (isLive) void navigate(paths.home.getHref(), { replace: true });
  }, [isLive, navigate]);

  useEffect(() => {
    if (!redirectUrl) return;
    const timer = window.setTimeout(() => assignLocation(redirectUrl), MAINTENANCE_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [redirectUrl]);

  if (isLive) return null;

  return (
    <StatusPanel color="orange" icon={<IconTool size={32} stroke={1.5} aria-hidden />}>
      <Title order={1} fz={{ base: 28, sm: 36 }}>
        {t('company.maintenanceTitle')}
      </Title>
      {reply ? (
        <Text size="lg" maw={520} style={{ whiteSpace: 'pre-line' }} data-testid="maintenance-message">
          {message}
        </Text>
      ) : (
        <Loader size="sm" />
      )}
      {redirectUrl && (
        <Text size="sm" c="dimmed">
          {t('company.redirectingTo')}{' '}
          <Anchor href={redirectUrl} style={{ overflowWrap: 'anywhere' }}>
            {redirectUrl}
          </Anchor>
        </Text>
      )}
    </StatusPanel>
  );
}
