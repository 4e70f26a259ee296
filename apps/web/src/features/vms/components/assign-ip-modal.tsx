import { useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ActiveVm } from '@mawingu/contracts/vms';
import { useMaintenanceFlag } from '../../../api/vms/get-maintenance-flag.ts';
import { useAssignPublicIP } from '../../../api/vms/vm-actions.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import {
  emptyAssignIp,
  lanIpInput,
  portsInput,
  splitPorts,
  validateAssignIp,
  type AssignIpErrors,
  type AssignIpField,
  type AssignIpValues,
} from '../assign-ip-form.ts';
import { useVmsText } from '../vms-text.ts';
import { VmModal } from './vm-modal.tsx';

const FIELDS: readonly AssignIpField[] = ['lanIP', 'hostName', 'tcpPort', 'udpPort'];

function AssignIpForm({ vm, onClose }: { vm: ActiveVm; onClose: () => void }) {
  const { t } = useTranslation('vms');
  const vmsText = useVmsText();
  const assign = useAssignPublicIP();
  const [values, setValues] = useState<AssignIpValues>(emptyAssignIp);
  const [errors, setErrors] = useState<AssignIpErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const badPorts = t('assignIp.badPorts');

  const change = (field: AssignIpField, filter: (value: string) => string) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: filter(event.currentTarget.value) };
    setValues(next);
    // After a first submit the messages follow the typing, so a fixed field clears its message.
    if (submitted) setErrors(validateAssignIp(next, badPorts));
  };

  const submit = async () => {
    setSubmitted(true);
    const found = validateAssignIp(values, badPorts);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const udp = splitPorts(values.udpPort);
    const reply = await assign.mutateAsync({
      lanIP: values.lanIP.trim(),
      hostName: values.hostName.trim(),
      tcpPort: splitPorts(values.tcpPort),
      ...(udp.length > 0 && { udpPort: udp }),
      productID: vm.ID,
    });
    if (reply.status === 200) {
      showSuccessToast(vmsText(reply.message));
      onClose();
      return;
    }
    const fieldErrors = reply.data?.fieldErrors ?? {};
    const onFields = FIELDS.filter((field) => fieldErrors[field]);
    if (onFields.length > 0) setErrors(Object.fromEntries(onFields.map((field) => [field, fieldErrors[field]])));
    else showErrorToast(vmsText(reply.message));
  };

  const error = (field: AssignIpField) => errors[field] && vmsText(errors[field]);
  const busy = assign.isPending;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('assignIp.intro', { name: vm.vmName })}
        </Text>
        <TextInput
          label={t('assignIp.lanIp')}
          description={t('assignIp.lanIpHint')}
          withAsterisk
          inputMode="decimal"
          autoComplete="off"
          value={values.lanIP}
          onChange={change('lanIP', lanIpInput)}
          error={error('lanIP')}
          disabled={busy}
          data-autofocus
        />
        <TextInput
          label={t('assignIp.hostName')}
          withAsterisk
          autoComplete="off"
          value={values.hostName}
          onChange={change('hostName', (v) => v)}
          error={error('hostName')}
          disabled={busy}
        />
        <TextInput
          label={t('assignIp.tcpPorts')}
          description={t('assignIp.portsHint')}
          withAsterisk
          inputMode="numeric"
          autoComplete="off"
          value={values.tcpPort}
          onChange={change('tcpPort', portsInput)}
          error={error('tcpPort')}
          disabled={busy}
        />
        <TextInput
          label={`${t('assignIp.udpPorts')} (${t('assignIp.optional')})`}
          description={t('assignIp.portsHint')}
          inputMode="numeric"
          autoComplete="off"
          value={values.udpPort}
          onChange={change('udpPort', portsInput)}
          error={error('udpPort')}
          disabled={busy}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('assignIp.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('assignIp.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Assign IP (spec sections 4, 5): the company's maintenance flag is asked first; with it set the
 * spec's maintenance text shows instead of the form. Otherwise LAN IP, Host Name, TCP Ports and
 * optional UDP Ports, checked with the spec's messages; success toasts the spec's 'Successfull'.
 */
function AssignIpBody({ vm, onClose }: { vm: ActiveVm; onClose: () => void }) {
  const { t } = useTranslation('vms');
  const vmsText = useVmsText();
  const flag = useMaintenanceFlag(true);
  if (flag.isPending) {
    return (
      <Group gap="sm" py="md" aria-busy="true">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{t('assignIp.checking')}</Text>
      </Group>
    );
  }
  const reply = flag.data;
  if (!reply?.data) {
    return (
      <Alert color="red" variant="light" title={t('assignIp.flagFailed')}>
        <Stack gap="xs" align="flex-start">
          {reply?.message && <Text size="sm">{vmsText(reply.message)}</Text>}
          <Button size="xs" variant="default" onClick={() => void flag.refetch()}>
            {t('assignIp.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (reply.data.runMerakiScript === 1) {
    return (
      <Stack gap="md">
        <Alert color="orange" variant="light" icon={<IconTool size={18} aria-hidden />} data-testid="maintenance">
          <Text size="sm">{t('spec.merakiMaintenance')}</Text>
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('assignIp.close')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return <AssignIpForm vm={vm} onClose={onClose} />;
}

export function AssignIpModal({ vm, onClose }: { vm: ActiveVm | null; onClose: () => void }) {
  const { t } = useTranslation('vms');
  return (
    <VmModal opened={vm !== null} onClose={onClose} title={t('assignIp.title')}>
      {vm && <AssignIpBody vm={vm} onClose={onClose} />}
    </VmModal>
  );
}
