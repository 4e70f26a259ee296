import type { ReactNode } from 'react';
import { Card, Title } from '@mantine/core';
import { OsIcon } from '../../../components/os-icon.tsx';
import classes from './vms.module.css';

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

type RowCardProps = {
  id: string;
  title: string;
  subtitle?: ReactNode;
  osType?: string;
  badges: ReactNode;
  facts: ReactNode;
  actions?: ReactNode;
  testId: string;
};

/** A Backup or Archived row: the Products card's look (name, badges, facts, actions) at every width. */
export function RowCard({ id, title, subtitle, osType, badges, facts, actions, testId }: RowCardProps) {
  return (
    <Card component="article" withBorder radius="md" padding="md" className={classes.vm} aria-labelledby={id} data-testid={testId}>
      <div className={classes.head}>
        {osType !== undefined && (
          <div className={classes.icon}>
            <OsIcon osType={osType} size={30} decorative />
          </div>
        )}
        <div className={classes.names}>
          <Title order={3} id={id} className={classes.name}>
            {title}
          </Title>
          {subtitle}
        </div>
        <div className={classes.badges}>{badges}</div>
      </div>
      <dl className={classes.factsFive}>{facts}</dl>
      {actions && <div className={classes.rowActions}>{actions}</div>}
    </Card>
  );
}
