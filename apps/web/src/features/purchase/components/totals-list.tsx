import classes from './purchase.module.css';

/** "15.00" → "15", "12.50" → "12.5": a percentage as people write it. */
export function percentText(percent: string): string {
  return percent.includes('.') ? percent.replace(/\.?0+$/, '') : percent;
}

export type TotalRow = { label: string; value: string; grand?: boolean; testId?: string };

/** The bill's closing figures as a description list: label left, amount right, the total last and larger. */
export function TotalsList({ rows, label }: { rows: readonly TotalRow[]; label?: string }) {
  return (
    <dl className={classes.totals} aria-label={label}>
      {rows.map((row) => [
        <dt key={`${row.label}-t`} className={row.grand ? classes.grand : undefined}>
          {row.label}
        </dt>,
        <dd key={`${row.label}-d`} className={row.grand ? classes.grand : undefined} data-testid={row.testId}>
          {row.value}
        </dd>,
      ])}
    </dl>
  );
}
