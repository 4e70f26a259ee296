import { useState } from 'react';
import { Button, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RaiseTicketForm } from './raise-ticket-form.tsx';

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
        <RaiseTicketForm onDone={() => setOpened(false)} onBusyChange={setBusy} />
      </Modal>
    </>
  );
}
