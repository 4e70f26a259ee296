import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import 'dayjs/locale/ko';
import '@mantine/dates/styles.css';

type DayInputProps = {
  label: string;
  /** The chosen day as YYYY-MM-DD (what the API takes), or '' for none. */
  value: string;
  onChange: (day: string) => void;
  min?: string;
  max?: string;
  error?: string;
  size?: 'xs' | 'sm';
  w?: number;
  className?: string;
  /** Whether the day may be left empty (a filter); false where a day is always needed. */
  clearable?: boolean;
};

/**
 * A day chosen from a calendar and shown as the console shows every date ("28 Nov 2026": day,
 * month, year, whatever the browser's locale), instead of the browser's own date field, which a
 * US-English browser fills month first (issue 17, point 6). The value stays YYYY-MM-DD.
 */
export function DayInput({ label, value, onChange, min, max, error, size, w, className, clearable = true }: DayInputProps) {
  const { t, i18n } = useTranslation('admin');
  return (
    <DatesProvider settings={{ locale: i18n.language === 'ko' ? 'ko' : 'en', firstDayOfWeek: 1 }}>
      <DatePickerInput
        label={label}
        value={value || null}
        onChange={(day) => onChange(day ?? '')}
        minDate={min || undefined}
        maxDate={max || undefined}
        valueFormat={i18n.language === 'ko' ? 'YYYY. M. D.' : 'DD MMM YYYY'}
        placeholder={t('dayInput.placeholder')}
        // Mantine's placeholder grey is below 4.5:1; gray.7 passes AA.
        styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
        clearable={clearable}
        clearButtonProps={{ 'aria-label': t('dayInput.clear', { label }) }}
        leftSection={<IconCalendar size={16} aria-hidden />}
        error={error}
        size={size}
        w={w}
        className={className}
      />
    </DatesProvider>
  );
}
