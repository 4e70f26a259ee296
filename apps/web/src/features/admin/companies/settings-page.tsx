import type { ReactNode } from 'react';
import { Alert, Badge, Button, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CompanySettings } from '@mawingu/contracts/admin/companies';
import { ApiError } from '../../../api/api-error.ts';
import { useScopedCompanyId } from '../shell/company-scope.ts';
import { AddressesTab } from './addresses-tab.tsx';
import { BrandTab } from './brand-tab.tsx';
import { useCompanySettings } from './companies-api.ts';
import { ContactTab } from './contact-tab.tsx';
import { DocumentsTab } from './documents-tab.tsx';
import { LegalEntitiesTab } from './legal-entities-tab.tsx';
import { EtimsTab } from './etims-tab.tsx';
import { MailTab } from './mail-tab.tsx';
import { MaintenanceTab } from './maintenance-tab.tsx';
import { OriginsTab } from './origins-tab.tsx';
import { SiteTextsTab } from './site-texts-tab.tsx';
import { SocialMenusTab } from './social-menus-tab.tsx';

const TABS = [
  'brand',
  'contact',
  'addresses',
  'entities',
  'etims',
  'texts',
  'mail',
  'social',
  'documents',
  'maintenance',
  'origins',
] as const;
type Tab = (typeof TABS)[number];

type TabProps = { companyId: number; settings: CompanySettings };
const PANELS: Record<Tab, (props: TabProps) => ReactNode> = {
  brand: BrandTab,
  contact: ContactTab,
  addresses: AddressesTab,
  entities: LegalEntitiesTab,
  etims: EtimsTab,
  texts: SiteTextsTab,
  mail: MailTab,
  social: SocialMenusTab,
  documents: DocumentsTab,
  maintenance: MaintenanceTab,
  origins: OriginsTab,
};

/** What the site still lacks: until these are set it shows "Company not registered yet". */
function MissingFields({ missing }: { missing: string[] }) {
  const { t } = useTranslation('adminCompanies');
  if (missing.length === 0) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('settings.missingTitle')}>
      {t('settings.missingText', { fields: missing.map((f) => t(`settings.field.${f}`, { defaultValue: f })).join(', ') })}
    </Alert>
  );
}

export default function CompanySettingsPage() {
  const { t } = useTranslation('adminCompanies');
  const companyId = useScopedCompanyId();
  const query = useCompanySettings(companyId);
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((x) => x === params.get('tab')) ?? 'brand';

  if (query.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={t('loading')}>
        <Skeleton height={36} width={280} />
        <Skeleton height={40} />
        <Skeleton height={320} radius="md" />
      </Stack>
    );
  }
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={status === 404 ? t('settings.notFound') : status === 403 ? t('settings.notAllowed') : t('loadFailed')}
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{status === 404 ? t('settings.notFoundText') : query.error.message}</Text>
          {status !== 403 && status !== 404 && (
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              {t('tryAgain')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  const settings = query.data;
  const Panel = PANELS[tab];
  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Group gap="sm" align="baseline" wrap="wrap">
          <Title order={2}>{t('settings.title')}</Title>
          <Badge variant="light" color="gray" tt="none" size="lg">
            {settings.brand.name}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" mt={4}>
          {t('settings.intro')}
        </Text>
      </div>
      <MissingFields missing={settings.missing} />
      {settings.maintenance.enabled && tab !== 'maintenance' && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {t('settings.maintenanceOn')}
        </Alert>
      )}
      <Tabs value={tab} onChange={(value) => value && setParams({ tab: value }, { replace: true })} keepMounted={false} variant="outline">
        <Tabs.List aria-label={t('settings.tabs')}>
          {TABS.map((key) => (
            <Tabs.Tab key={key} value={key}>
              {t(`tabs.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((key) => (
          <Tabs.Panel key={key} value={key} pt="lg">
            {key === tab && <Panel key={`${companyId}-${key}`} companyId={companyId} settings={settings} />}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
