import type { MouseEvent } from 'react';
import { Button, Menu, Text, Tooltip } from '@mantine/core';
import {
  IconAdjustments,
  IconCamera,
  IconChevronDown,
  IconCopy,
  IconDeviceDesktop,
  IconPlayerPlay,
  IconPower,
  IconRefresh,
  IconTag,
  IconTrash,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ActiveVm } from '@mawingu/contracts/vms';
import { availability, powerAction, VM_ACTIONS, type ActionAvailability, type VmAction } from '../vm-capabilities.ts';
import classes from './vms.module.css';

export type VmActionsProps = {
  vm: ActiveVm;
  /** Buttons in a row on a wide screen; one "Actions" menu on a phone. */
  wide: boolean;
  onAction: (action: VmAction) => void;
};

type Control = { action: VmAction; label: string; icon: Icon; state: ActionAvailability; reason?: string; danger: boolean };

function useControls(vm: ActiveVm): Control[] {
  const { t } = useTranslation('vms');
  const power = powerAction(vm);
  const icons: Record<VmAction, Icon> = {
    view: IconDeviceDesktop,
    power: power === 'start' ? IconPlayerPlay : IconPower,
    renew: IconRefresh,
    update: IconAdjustments,
    clone: IconCopy,
    snapshot: IconCamera,
    assignIp: IconWorld,
    alias: IconTag,
    delete: IconTrash,
  };
  return VM_ACTIONS.map((action) => {
    const state = availability(vm, action);
    const label = action === 'power' ? t(`action.${power}`) : t(`action.${action}`);
    const reason = state.enabled
      ? undefined
      : state.reason === 'state'
        ? t('unavailable.state', { state: t(`state.${vm.vmStatus}`) })
        : t(`unavailable.${state.reason}`);
    return { action, label, icon: icons[action], state, reason, danger: action === 'delete' };
  });
}

/**
 * A Products row's controls. An unavailable control stays in place, greyed, and says why in a
 * tooltip (spec section 4: "tooltips say it is blocked by the admin"); it keeps keyboard focus
 * (aria-disabled rather than disabled) so the reason is reachable without a mouse.
 */
export function VmActions({ vm, wide, onAction }: VmActionsProps) {
  const { t } = useTranslation('vms');
  const controls = useControls(vm);

  if (wide) {
    return (
      <div className={classes.actions} role="group" aria-label={t('vm.actions', { name: vm.vmName })}>
        {controls.map(({ action, label, icon: ActionIcon, state, reason, danger }) => {
          const click = (event: MouseEvent) => {
            if (!state.enabled) return event.preventDefault();
            onAction(action);
          };
          const button = (
            <Button
              key={action}
              size="compact-sm"
              variant={danger ? 'subtle' : 'light'}
              color={danger ? 'red' : undefined}
              // Red text dark enough for AA on white (Mantine's subtle red is not).
              c={danger && state.enabled ? 'red.9' : undefined}
              leftSection={<ActionIcon size={15} aria-hidden />}
              data-disabled={!state.enabled || undefined}
              aria-disabled={!state.enabled || undefined}
              data-action={action}
              onClick={click}
            >
              {label}
            </Button>
          );
          return reason ? (
            <Tooltip key={action} label={reason} withArrow multiline maw={260} events={{ hover: true, focus: true, touch: true }}>
              {button}
            </Tooltip>
          ) : (
            button
          );
        })}
      </div>
    );
  }

  return (
    // No focus placeholder: axe (aria-required-children) wants only menu items inside the menu.
    <Menu position="bottom-start" withinPortal shadow="md" width={260} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="default"
          size="sm"
          rightSection={<IconChevronDown size={16} aria-hidden />}
          aria-label={t('vm.actions', { name: vm.vmName })}
        >
          {t('action.menu')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {controls.map(({ action, label, icon: ActionIcon, state, reason, danger }) => (
          <Menu.Item
            key={action}
            data-action={action}
            color={danger && state.enabled ? 'red.8' : undefined}
            leftSection={<ActionIcon size={16} aria-hidden />}
            disabled={!state.enabled}
            onClick={() => onAction(action)}
          >
            {label}
            {reason && (
              <Text component="span" display="block" size="xs" c="gray.7">
                {reason}
              </Text>
            )}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
