import { Fragment } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type NamedVm = { vmName: string; aliasName: string | null };

/** A VM in one line of text, as people tell machines apart: "web-1 (Shop front)", or the name alone. */
export const vmLabel = ({ vmName, aliasName }: NamedVm) => (aliasName?.trim() ? `${vmName} (${aliasName.trim()})` : vmName);

/** The names of a label that lists several VMs ("web-1, web-2"): VM names have no commas. */
const namesOf = (label: string) => label.split(', ').map((name) => name.trim());

/** The product line says nothing new when it only lists the VM names (an order acting on VMs keeps their names there, in its own order). */
const repeatsNames = (product: string, vmName: string) => {
  const names = namesOf(vmName);
  const listed = namesOf(product);
  return listed.length === names.length && listed.every((name) => names.includes(name));
};

/**
 * A VM's name with its alias under it (and the product, when asked): every list and page that names
 * a VM shows the same two lines, so two machines of one product can be told apart anywhere. Several
 * names wrap between names, not inside one ("ubuntu-" / "server-2").
 */
export function VmName({ vm, product, size = 'sm' }: { vm: NamedVm; product?: string; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const names = namesOf(vm.vmName);
  return (
    <>
      <Text span fw={600} size={size} display="block" style={{ overflowWrap: 'anywhere' }} data-testid="vm-name">
        {names.length === 1
          ? vm.vmName
          : names.map((name, i) => (
              <Fragment key={i}>
                {i > 0 && ' '}
                <span style={{ display: 'inline-block', maxWidth: '100%' }}>
                  {name}
                  {i < names.length - 1 && ','}
                </span>
              </Fragment>
            ))}
      </Text>
      {vm.aliasName?.trim() && (
        <Text span size="xs" c="gray.7" display="block" style={{ overflowWrap: 'anywhere' }} data-testid="vm-alias">
          {t('common.alias', { alias: vm.aliasName.trim() })}
        </Text>
      )}
      {product && !repeatsNames(product, vm.vmName) && (
        <Text span size="xs" c="gray.7" display="block" style={{ overflowWrap: 'anywhere' }}>
          {product}
        </Text>
      )}
    </>
  );
}
