import { useMemo, useState } from 'react';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { initialDays } from './renew-bill.ts';

type Periods = readonly { TimePeriod: number; label: string }[];

/**
 * A renew page's chosen days (the VM's own period when still offered, else the first) and the bill
 * for them: null without days, or where the figures cannot make one (the page then shows no bill).
 */
export function useRenewPeriod<D extends { timePeriod: Periods }, B>(details: D, billOf: (details: D, days: number) => B, own?: number) {
  const [days, setDays] = useState<number | null>(() => initialDays(details.timePeriod, own));
  const bill = useMemo(() => {
    try {
      return days === null ? null : billOf(details, days);
    } catch {
      return null;
    }
  }, [details, days, billOf]);
  return { days, setDays, bill };
}

/** The renewal's Time Period select, "Select" first until a period is chosen. */
export function TimePeriodSelect({
  periods,
  days,
  onChange,
}: {
  periods: Periods;
  days: number | null;
  onChange: (days: number | null) => void;
}) {
  const { t } = useTranslation('renewals');
  return (
    <NativeSelect
      maw={{ base: '100%', xs: 280 }}
      label={t('renew.timePeriod')}
      value={days === null ? '' : String(days)}
      onChange={(e) => onChange(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
      data={[
        { value: '', label: t('renew.timePlaceholder'), disabled: true },
        ...periods.map((p) => ({ value: String(p.TimePeriod), label: p.label })),
      ]}
    />
  );
}
