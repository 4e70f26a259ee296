import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Code, CopyButton, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CloudLogin } from '@mawingu/contracts/vm-access';
import type { VmView } from '@mawingu/contracts/vm-actions';
import type { ActiveVm } from '@mawingu/contracts/vms';
import { registerCloudUser, resetVmPassword } from '../../../api/vm-access/vm-access.ts';
import { viewVM } from '../../../api/vms/vm-actions.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { consoleHref } from '../use-open-console.ts';
import { useVmsText } from '../vms-text.ts';

function Secret({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('vms');
  return (
    // The password stays on one line; on a narrow phone Copy goes under it rather than off the edge.
    <Group gap="xs">
      <Code data-testid={label} style={{ fontSize: 14, whiteSpace: 'nowrap' }}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button size="compact-xs" variant="light" onClick={copy}>
            {copied ? t('access.copied') : t('access.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/**
 * View (spec section 7, viewVM), ADR 0100: the machine's address and login (its password only the
 * first time, or right after a reset), the SSH keys it got, the cloud login where the cloud has a
 * self-service portal, and the console link (opened by the click itself, so no pop-up blocker).
 */
export function VmAccessModal({ vm, onClose }: { vm: ActiveVm | null; onClose: () => void }) {
  const { t } = useTranslation('vms');
  const vmsText = useVmsText();
  const [view, setView] = useState<VmView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'reset' | 'cloud' | null>(null);

  useEffect(() => {
    setView(null);
    setError(null);
    if (!vm) return;
    void viewVM(vm).then((reply) => {
      if (reply.status === 200 && reply.data) setView(reply.data);
      else setError(reply.message ? vmsText(reply.message) : t('view.failed'));
    });
  }, [vm, t, vmsText]);

  const reset = async () => {
    if (!vm) return;
    setBusy('reset');
    const reply = await resetVmPassword(vm.ID);
    setBusy(null);
    if (reply.status === 200 && reply.data) {
      setView((v) => v && { ...v, loginPassword: reply.data!.loginPassword, passwordShown: false });
      showSuccessToast(vmsText(reply.message));
    } else showErrorToast(vmsText(reply.message));
  };
  const registerCloud = async () => {
    if (!vm) return;
    setBusy('cloud');
    const reply = await registerCloudUser(vm.ID);
    setBusy(null);
    if (reply.status === 200 && reply.data) {
      const login: CloudLogin = reply.data;
      setView((v) => v && { ...v, user: login.user, password: login.password, cloudServiceUrl: login.cloudServiceUrl });
    } else showErrorToast(vmsText(reply.message));
  };

  const href = consoleHref(view?.consoleUrl);
  return (
    <Modal opened={vm !== null} onClose={onClose} title={t('access.title', { name: vm?.aliasName || vm?.vmName || '' })} size="lg" centered>
      {error && <Alert color="red">{error}</Alert>}
      {!error && !view && <Loader size="sm" aria-label={t('access.loading')} />}
      {view && (
        <Stack gap="md">
          <Table variant="vertical" withTableBorder layout="fixed">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={{ base: 96, xs: 130 }}>{t('access.address')}</Table.Th>
                <Table.Td>{view.address ?? t('access.unknown')}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('access.user')}</Table.Th>
                <Table.Td>{view.loginUser ?? t('access.unknown')}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('access.password')}</Table.Th>
                <Table.Td>
                  {view.loginPassword ? (
                    <Stack gap={4}>
                      <Secret value={view.loginPassword} label="vm-password" />
                      <Text size="xs" c="orange.8">
                        {t('access.onlyOnce')}
                      </Text>
                    </Stack>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {view.passwordShown ? t('access.alreadyShown') : t('access.unknown')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('access.keys')}</Table.Th>
                <Table.Td>
                  {view.sshKeys.length === 0
                    ? t('access.noKeys')
                    : view.sshKeys.map((k) => (
                        <Text key={k.fingerprint} size="sm">
                          {k.name}{' '}
                          <Text span size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                            {k.fingerprint}
                          </Text>
                        </Text>
                      ))}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {view.cloudLoginAvailable && (
            <Stack gap={6}>
              <Text fw={600} size="sm">
                {t('access.cloud')}
              </Text>
              {view.user && view.password && view.cloudServiceUrl ? (
                <>
                  <Text size="sm">
                    {t('access.user')}: <Code>{view.user}</Code>
                  </Text>
                  <Secret value={view.password} label="cloud-password" />
                  <Anchor href={view.cloudServiceUrl} target="_blank" rel="noopener noreferrer" size="sm">
                    {t('access.portal')}
                  </Anchor>
                </>
              ) : (
                <Button variant="light" size="xs" w="fit-content" loading={busy === 'cloud'} onClick={() => void registerCloud()}>
                  {t('access.register')}
                </Button>
              )}
            </Stack>
          )}
          <Group justify="space-between" gap="sm">
            {view.passwordResettable ? (
              <Button variant="default" loading={busy === 'reset'} onClick={() => void reset()}>
                {t('access.reset')}
              </Button>
            ) : (
              <span />
            )}
            {href && (
              <Button
                component="a"
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                rightSection={<IconExternalLink size={16} aria-hidden />}
              >
                {t('access.console')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
