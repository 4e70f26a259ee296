import { lazy, Suspense, useState } from 'react';
import { Button, Center, Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

// The form (with its attachment picker and the tickets' schemas) is fetched when the modal first
// opens: the button sits on the account page, where most visits raise no ticket.
const RaiseTicketForm = lazy(() => import('./raise-ticket-form.tsx').then((m) => ({ default: m.RaiseTicketForm })));

/** "Raise New Ticket" (account page, Tickets and Backup tabs) and its modal. */
export function RaiseTicketButton() {
  const { t } = useTranslation('tickets');
  const { t: common } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const narrow = useMediaQuery('(max-width: 36em)');

  return (
    <>
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpened(true)}>
        {t('raise.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('raise.title')}
        size="lg"
        fullScreen={narrow}
        // A submission in progress is not abandoned by a stray click or Escape.
        closeOnClickOutside={!busy}
        closeOnEscape={!busy}
        withCloseButton={!busy}
        closeButtonProps={{ 'aria-label': common('common.close') }}
        styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        {/* A closed modal unmounts its content: every opening starts from an empty form. */}
        <Suspense
          fallback={
            <Center py="xl">
              <Loader size="sm" />
            </Center>
          }
        >
          <RaiseTicketForm onDone={() => setOpened(false)} onBusyChange={setBusy} />
        </Suspense>
      </Modal>
    </>
  );
}
