import { Avatar } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The customer's picture, or their initials on a brand tint when there is none (or it cannot load). */
export function ProfileAvatar({ url, name, size }: { url: string | null; name: string; size: number }) {
  const { t } = useTranslation('account');
  const initials = name
    .split(/[\s,]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
  return (
    <Avatar src={url} size={size} radius={999} color="brand" variant="light" alt={t('picture.alt', { name })}>
      {initials}
    </Avatar>
  );
}
