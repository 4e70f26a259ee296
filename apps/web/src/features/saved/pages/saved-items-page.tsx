import { useState } from 'react';
import { Alert, Button, Container, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconBookmark } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SavedVm } from '@mawingu/contracts/saved';
import { useSavedVms } from '../../../api/saved/show-saved-vm.ts';
import { paths } from '../../../app/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useSpecTextIn } from '../../../lib/spec-text-in.ts';
import { DeleteSavedModal } from '../components/delete-saved-modal.tsx';
import { SavedVmCard } from '../components/saved-vm-card.tsx';
import classes from '../components/saved.module.css';

const grid = { base: 1, sm: 2, md: 3 } as const;

/** /saveditem: the VM configurations the customer saved for later, three cards per row. */
export default function SavedItemsPage() {
  const { t } = useTranslation('saved');
  const specText = useSpecTextIn('saved');
  const saved = useSavedVms();
  const [deleting, setDeleting] = useState<SavedVm | null>(null);
  const reply = saved.data;

  let body;
  if (saved.isPending) {
    body = (
      <SimpleGrid cols={grid} aria-busy="true">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} height={196} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (!reply?.data) {
    body = (
      <Alert color="red" variant="light" title={t('loadFailed')}>
        <Stack gap="xs" align="flex-start">
          {reply?.message && <Text size="sm">{specText(reply.message)}</Text>}
          <Button size="xs" variant="default" onClick={() => void saved.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (reply.data.length === 0) {
    body = (
      <EmptyState icon={IconBookmark} title={t('empty')} text={t('emptyText')}>
        <Button component={Link} to={paths.marketplace.getHref()} variant="light" mt="sm">
          {t('browse')}
        </Button>
      </EmptyState>
    );
  } else {
    body = (
      <SimpleGrid cols={grid} component="ul" className={classes.grid} aria-label={t('listLabel')}>
        {reply.data.map((item) => (
          <li key={item.ID}>
            <SavedVmCard item={item} onDelete={setDeleting} />
          </li>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Container py={{ base: 24, sm: 36 }}>{body}</Container>
      <DeleteSavedModal item={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
