import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type NamedVm = { vmName: string; aliasName: string | null };

/** A VM in one line of text, as people tell machines apart: "web-1 (Shop front)", or the name alone. */
export const vmLabel = ({ vmName, aliasName }: NamedVm) => (aliasName?.trim() ? `${vmName} (${aliasName.trim()})` : vmName);

/**
 * A VM's name with its alias under it (and the product, when asked): every list and page that names
 * a VM shows the same two lines, so two machines of one product can be told apart anywhere.
 */
export function VmName({ vm, product, size = 'sm' }: { vm: NamedVm; product?: string; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  return (
    <>
      <Text span fw={600} size={size} display="block" style={{ overflowWrap: 'anywhere' }} data-testid="vm-name">
        {vm.vmName}
      </Text>
      {vm.aliasName?.trim() && (
        <Text span size="xs" c="gray.7" display="block" style={{ overflowWrap: 'anywhere' }} data-testid="vm-alias">
          {t('common.alias', { alias: vm.aliasName.trim() })}
        </Text>
      )}
      {product && product !== vm.vmName && (
        <Text span size="xs" c="gray.7" display="block" style={{ overflowWrap: 'anywhere' }}>
          {product}
        </Text>
      )}
    </>
  );
}
