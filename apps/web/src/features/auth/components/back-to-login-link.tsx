import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths.ts';

/** "Go Back To Log In" under the forgot-password and forgot-username cards. */
export function BackToLoginLink() {
  const { t } = useTranslation('auth');
  return (
    <Anchor component={Link} to={paths.login.getHref()} size="sm" fw={600}>
      <Group component="span" gap={6} justify="center" wrap="nowrap" style={{ display: 'inline-flex' }}>
        <IconArrowLeft size={16} aria-hidden />
        {t('common.goBackToLogin')}
      </Group>
    </Anchor>
  );
}
