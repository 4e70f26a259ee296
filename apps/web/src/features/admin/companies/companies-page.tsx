import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Card, Group, ScrollArea, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBuildingSkyscraper, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import '@mantine/core/styles/Table.css';
import { EmptyState } from '../../../components/empty-state.tsx';
import { adminHref } from '../shell/admin-nav.ts';
import { useOperatorSession } from '../shell/operator-session.ts';
import { useConsoleCompanies, type ConsoleCompany } from '../shell/use-console-companies.ts';
import { CreateCompanyModal } from './create-company-modal.tsx';
import classes from './companies.module.css';
import { TableHead } from '../shell/table-head.tsx';

function CompanyLinks({ company, canEdit }: { company: ConsoleCompany; canEdit: boolean }) {
  const { t } = useTranslation('adminCompanies');
  return (
    <Group gap="md" wrap="nowrap">
      {canEdit && (
        <Anchor
          component={Link}
          to={adminHref(company.id, 'settings')}
          size="sm"
          fw={600}
          aria-label={t('list.settingsOf', { name: company.name })}
        >
          {t('list.settings')}
        </Anchor>
      )}
      <Anchor component={Link} to={adminHref(company.id, 'dashboard')} size="sm" aria-label={t('list.dashboardOf', { name: company.name })}>
        {t('list.dashboard')}
      </Anchor>
    </Group>
  );
}

/** The companies the operator works on; the owner creates new ones here. */
/** A company's website addresses, each a link to that site (a new tab); "None yet" before the first. */
function Origins({ origins }: { origins: string[] }) {
  const { t } = useTranslation('adminCompanies');
  if (origins.length === 0)
    return (
      <Text size="sm" c="gray.7">
        {t('list.noOrigins')}
      </Text>
    );
  return (
    <Stack gap={2}>
      {origins.map((origin) => (
        <Anchor key={origin} href={origin} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {origin.replace(/^https?:\/\//, '')}
        </Anchor>
      ))}
    </Stack>
  );
}

export default function CompaniesPage() {
  const { t } = useTranslation('adminCompanies');
  const session = useOperatorSession();
  const companies = useConsoleCompanies();
  const [creating, setCreating] = useState(false);
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false }) ?? true;
  const role = session?.operator.role;
  const isOwner = role === 'owner';
  const canEdit = role === 'owner' || role === 'admin';

  let body;
  if (companies.isPending) {
    body = (
      <Stack gap="sm" aria-busy="true" aria-label={t('loading')}>
        <Skeleton height={44} />
        <Skeleton height={44} />
      </Stack>
    );
  } else if (companies.isError) {
    body = (
      <Alert color="red" variant="light" role="alert" title={t('loadFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{companies.error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void companies.refetch()}>
            {t('tryAgain')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (companies.data.length === 0) {
    body = <EmptyState icon={IconBuildingSkyscraper} title={t('list.empty')} text={isOwner ? t('list.emptyOwner') : undefined} />;
  } else if (wide) {
    body = (
      <ScrollArea type="auto">
        <Table verticalSpacing="sm" striped highlightOnHover aria-label={t('list.label')} data-testid="companies-table">
          <TableHead labels={[t('list.name'), t('list.slug'), t('list.origins'), t('list.actions')]} />
          <Table.Tbody>
            {companies.data.map((c) => (
              <Table.Tr key={c.id} data-testid="company-row">
                <Table.Td fw={600}>{c.name}</Table.Td>
                <Table.Td className={classes.nowrap}>
                  <Text size="sm" ff="monospace">
                    {c.slug}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Origins origins={c.origins} />
                </Table.Td>
                <Table.Td>
                  <CompanyLinks company={c} canEdit={canEdit} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    );
  } else {
    body = (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('list.label')}>
        {companies.data.map((c) => (
          <li key={c.id}>
            <Card withBorder radius="md" padding="md" data-testid="company-row">
              <Stack gap={6}>
                <Text fw={600}>{c.name}</Text>
                <Text size="sm" ff="monospace" c="dimmed">
                  {c.slug}
                </Text>
                <Origins origins={c.origins} />
                <CompanyLinks company={c} canEdit={canEdit} />
              </Stack>
            </Card>
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={2}>{t('list.title')}</Title>
          <Text size="sm" c="dimmed" mt={4}>
            {isOwner ? t('list.introOwner') : t('list.intro')}
          </Text>
        </div>
        {isOwner && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            {t('list.new')}
          </Button>
        )}
      </Group>
      {body}
      {isOwner && <CreateCompanyModal opened={creating} onClose={() => setCreating(false)} />}
    </Stack>
  );
}
