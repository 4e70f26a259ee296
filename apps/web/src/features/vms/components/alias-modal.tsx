import { useState } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
// From the schema-free file: imported from vm-actions.ts, it would bring that file's schemas along.
import { ALIAS_MAX_LENGTH } from '@mawingu/contracts/vm-name';
import type { ActiveVm } from '@mawingu/contracts/vms';
import { useAddAliasName } from '../../../api/vms/vm-actions.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { useVmsText } from '../vms-text.ts';
import { VmModal } from './vm-modal.tsx';

function AliasForm({ vm, onClose }: { vm: ActiveVm; onClose: () => void }) {
  const { t } = useTranslation('vms');
  const vmsText = useVmsText();
  const save = useAddAliasName();
  const [alias, setAlias] = useState(vm.aliasName ?? '');

  const submit = async () => {
    const reply = await save.mutateAsync({ aliasName: alias.trim(), productID: vm.ID });
    // Spec section 8: a failure shows the server's message as an error toast, and the modal closes.
    if (reply.status === 200) showSuccessToast(vmsText(reply.message));
    else showErrorToast(vmsText(reply.message));
    onClose();
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <TextInput
          label={t('alias.label')}
          description={t('alias.description', { name: vm.vmName })}
          value={alias}
          onChange={(event) => setAlias(event.currentTarget.value)}
          maxLength={ALIAS_MAX_LENGTH}
          disabled={save.isPending}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('alias.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('alias.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The alias modal (spec: free text, no validation shown; a failure closes it with the server's message). */
export function AliasModal({ vm, onClose }: { vm: ActiveVm | null; onClose: () => void }) {
  const { t } = useTranslation('vms');
  return (
    <VmModal opened={vm !== null} onClose={onClose} title={t('alias.title')}>
      {vm && <AliasForm vm={vm} onClose={onClose} />}
    </VmModal>
  );
}
