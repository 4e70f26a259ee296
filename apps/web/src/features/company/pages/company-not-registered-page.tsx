import { useEffect } from 'react';
import { Text, Title } from '@mantine/core';
import { IconBuildingOff } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STATUS } from '@mawingu/contracts/envelope';
import { isCompanyConfigurationComplete } from '@mawingu/contracts/company-rules';
import { messages } from '@mawingu/contracts/messages';
import { paths } from '../../../app/paths.ts';
import { StatusPanel } from '../components/status-panel.tsx';
import { useFreshCompanyConfiguration } from '../use-fresh-company-configuration.ts';

export default function CompanyNotRegisteredPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { reply } = useFreshCompanyConfiguration();
  const complete = reply?.status === STATUS.ok && isCompanyConfigurationComplete(reply.data);

  useEffect(() => {
    if (complete) void navigate(paths.home.getHref(), { replace: true });
  }, [complete, navigate]);

  if (complete) return null;

  return (
    <StatusPanel color="gray" icon={<IconBuildingOff size={32} stroke={1.5} aria-hidden />}>
      <Title order={1} fz={{ base: 40, sm: 56 }} lh={1.1}>
        {messages.notRegisteredHeading}
      </Title>
      <Text size="xl" fw={600}>
        {messages.companyNotRegistered}
      </Text>
      <Text c="dimmed" maw={420}>
        {t('company.notRegisteredText')}
      </Text>
    </StatusPanel>
  );
}
