/** The spec shows the placeholder "NA" (address, city, country) as blank. */
export function displayValue(value: string | null | undefined): string {
  const trimmed = value?.trim() ?? '';
  return trimmed.toUpperCase() === 'NA' ? '' : trimmed;
}
