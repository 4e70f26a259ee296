import type { MouseEvent, ReactNode } from 'react';
import { Button, Card, Title, Tooltip } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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

/** A machine's size: processors, memory and disk. */
export function SizeFacts({ cpu, ram, disk }: { cpu: number; ram: number; disk: number }) {
  const { t } = useTranslation('vms');
  return (
    <>
      <Fact label={t('vm.cpu')}>{t('vm.cpuValue', { count: cpu })}</Fact>
      <Fact label={t('vm.ram')}>{t('vm.gb', { count: ram })}</Fact>
      <Fact label={t('vm.disk')}>{t('vm.gb', { count: disk })}</Fact>
    </>
  );
}

/**
 * A row's Restore-like action: while `reason` says why it cannot run, it stays focusable
 * (aria-disabled, not disabled) and a tooltip on hover, focus and touch tells the reason.
 */
export function ReasonedButton({
  reason,
  icon: ButtonIcon,
  onClick,
  children,
}: {
  reason: string | null;
  icon: Icon;
  onClick: () => void;
  children: ReactNode;
}) {
  const button = (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<ButtonIcon size={15} aria-hidden />}
      data-disabled={reason !== null || undefined}
      aria-disabled={reason !== null || undefined}
      onClick={(event: MouseEvent) => (reason ? event.preventDefault() : onClick())}
    >
      {children}
    </Button>
  );
  return reason ? (
    <Tooltip label={reason} withArrow multiline maw={260} events={{ hover: true, focus: true, touch: true }}>
      {button}
    </Tooltip>
  ) : (
    button
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
