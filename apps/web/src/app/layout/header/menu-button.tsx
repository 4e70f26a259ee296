import type { ComponentPropsWithRef } from 'react';
import { UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import classes from './header.module.css';

/**
 * A desktop menu's button: the stand-in the first load renders (desktop-nav.tsx) and the real
 * menu's target (desktop-menus.tsx) look the same, so nothing moves when one replaces the other.
 */
export function MenuButton({ label, ...props }: { label: string } & ComponentPropsWithRef<'button'>) {
  return (
    <UnstyledButton {...props} className={classes.link}>
      {label}
      <IconChevronDown size={14} stroke={1.8} aria-hidden />
    </UnstyledButton>
  );
}
