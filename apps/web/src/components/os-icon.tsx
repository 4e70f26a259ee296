import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

/** Operating systems with their own icon (purchasing spec: logos by producttype); anything else is "other". */
export type OsKind = 'windows' | 'edge' | 'ubuntu' | 'centos' | 'redHat' | 'kubernetes' | 'other';

export function osKindOf(osType: string | null | undefined): OsKind {
  const value = (osType ?? '').trim().toLowerCase();
  if (value.includes('windows')) return 'windows';
  if (value.includes('edge')) return 'edge';
  if (value.includes('ubuntu')) return 'ubuntu';
  if (value.includes('centos')) return 'centos';
  if (/red\s*hat|rhel/.test(value)) return 'redHat';
  if (value.includes('kubernetes') || value === 'k8s') return 'kubernetes';
  return 'other';
}

// Simple drawings in each system's colours: recognisable at 24–56 px, not copies of the trademarks.
const drawings: Record<OsKind, ReactElement> = {
  windows: (
    <g fill="#0078d4">
      <rect x="5" y="5" width="18" height="18" rx="1.5" />
      <rect x="25" y="5" width="18" height="18" rx="1.5" />
      <rect x="5" y="25" width="18" height="18" rx="1.5" />
      <rect x="25" y="25" width="18" height="18" rx="1.5" />
    </g>
  ),
  edge: (
    <g fill="none" strokeLinecap="round">
      <circle cx="24" cy="24" r="21" fill="#e6f4f8" />
      <path d="M37 30a14 14 0 1 1 1-8H13" stroke="#0c8fb7" strokeWidth="5" />
      <path d="M30 35c-4 2-10 1-13-3" stroke="#32c5a0" strokeWidth="5" />
    </g>
  ),
  ubuntu: (
    <g>
      <circle cx="24" cy="24" r="22" fill="#e95420" />
      <circle cx="24" cy="24" r="11" fill="none" stroke="#fff" strokeWidth="3.5" />
      <g fill="#fff" stroke="#e95420" strokeWidth="2.2">
        <circle cx="24" cy="10" r="4.6" />
        <circle cx="36.1" cy="31" r="4.6" />
        <circle cx="11.9" cy="31" r="4.6" />
      </g>
    </g>
  ),
  centos: (
    <g transform="rotate(45 24 24)">
      <rect x="9" y="9" width="14" height="14" rx="1.5" fill="#9ccd2a" />
      <rect x="25" y="9" width="14" height="14" rx="1.5" fill="#932279" />
      <rect x="25" y="25" width="14" height="14" rx="1.5" fill="#efa724" />
      <rect x="9" y="25" width="14" height="14" rx="1.5" fill="#262577" />
    </g>
  ),
  redHat: (
    <g>
      <ellipse cx="24" cy="33" rx="21" ry="7" fill="#ee0000" />
      <path d="M12 31c0-10 4-19 12-19s12 9 12 19c-4 2-8 3-12 3s-8-1-12-3z" fill="#ee0000" />
      <path d="M12.4 26.5c3.6 1.6 7.5 2.4 11.6 2.4s8-.8 11.6-2.4l.4 4.5c-3.8 1.8-7.8 2.7-12 2.7s-8.2-.9-12-2.7z" fill="#1a1a1a" />
    </g>
  ),
  kubernetes: (
    <g>
      <polygon points="24,3 40.4,10.9 44.5,28.7 33.1,42.9 14.9,42.9 3.5,28.7 7.6,10.9" fill="#326ce5" />
      <g fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round">
        <circle cx="24" cy="24" r="9" />
        <path d="M24 24L24 11.5M24 24L33.8 16.2M24 24L36.2 26.8M24 24L29.4 35.3M24 24L18.6 35.3M24 24L11.8 26.8M24 24L14.2 16.2" />
      </g>
      <circle cx="24" cy="24" r="3" fill="#fff" />
    </g>
  ),
  other: (
    <g>
      <rect x="6" y="8" width="36" height="14" rx="3" fill="#868e96" />
      <rect x="6" y="26" width="36" height="14" rx="3" fill="#adb5bd" />
      <g fill="#fff">
        <circle cx="13" cy="15" r="2" />
        <circle cx="13" cy="33" r="2" />
        <rect x="19" y="13.5" width="16" height="3" rx="1.5" />
        <rect x="19" y="31.5" width="16" height="3" rx="1.5" />
      </g>
    </g>
  ),
};

/** The name of an operating system for people: a known system's name, else the type as given. */
export function useOsLabel() {
  const { t } = useTranslation();
  return (osType: string) => {
    const kind = osKindOf(osType);
    return kind === 'other' ? osType.trim() || t('os.other') : t(`os.${kind}`);
  };
}

type OsIconProps = {
  osType: string | null | undefined;
  size?: number;
  /** Hidden from assistive technology when the OS name is written next to it. */
  decorative?: boolean;
};

export function OsIcon({ osType, size = 40, decorative = false }: OsIconProps) {
  const label = useOsLabel()(osType ?? '');
  const kind = osKindOf(osType);
  return (
    <svg
      viewBox="0 0 48 48"
      width={size}
      height={size}
      data-os={kind}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label })}
    >
      {drawings[kind]}
    </svg>
  );
}
