import { useTranslation } from 'react-i18next';

const KB = 1024;
const MB = 1024 * 1024;

/**
 * A file's size as people read it, in the page's language: "13 bytes", "1.2 kB", "2.5 MB" (never
 * "1 KB" for a 13-byte file). The browser's own unit formatting, so no texts to translate.
 */
export function formatFileSize(bytes: number, language: string): string {
  const [unit, value, display] =
    bytes >= MB
      ? (['megabyte', bytes / MB, 'short'] as const)
      : bytes >= KB
        ? (['kilobyte', bytes / KB, 'short'] as const)
        : (['byte', bytes, 'long'] as const);
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: display, maximumFractionDigits: 1 }).format(value);
}

/** formatFileSize in the current language. */
export function useFileSize(): (bytes: number) => string {
  const { i18n } = useTranslation();
  return (bytes) => formatFileSize(bytes, i18n.language);
}
