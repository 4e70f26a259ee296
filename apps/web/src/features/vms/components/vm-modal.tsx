import type { ReactNode } from 'react';
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type VmModalProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** While a call runs the modal is not abandoned by a stray click or Escape. */
  busy?: boolean;
  size?: string;
  children: ReactNode;
};

/** One look for the account page's VM modals (alias, renew, clone, delete, assign IP, unblock…). */
export function VmModal({ opened, onClose, title, busy = false, size = 'md', children }: VmModalProps) {
  const { t: common } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      centered
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      closeButtonProps={{ 'aria-label': common('common.close') }}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {children}
    </Modal>
  );
}
