import { Button, Card, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCamera } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UserDetails } from '@mawingu/contracts/profile';
import { useProfileImageUrl } from '../../../api/profile/get-profile-image.ts';
import classes from './account.module.css';
import { ProfileAvatar } from './profile-avatar.tsx';
import { ProfileImageModal } from './profile-image-modal.tsx';

/** Left of the account page: the picture (opening Remove / Update), name, e-mail and company. */
export function ProfileSummary({ user }: { user: UserDetails }) {
  const { t } = useTranslation('account');
  const [opened, { open, close }] = useDisclosure(false);
  const imageUrl = useProfileImageUrl(user.imagePath);
  const name = `${user.firstName} ${user.lastName}`.trim();

  return (
    <Card className={classes.summary}>
      <Stack align="center" gap={6}>
        <UnstyledButton onClick={open} className={classes.avatarButton} aria-label={t('picture.change')}>
          <ProfileAvatar url={imageUrl} name={name} size={112} />
          <span className={classes.avatarBadge} aria-hidden>
            <IconCamera size={16} stroke={1.8} />
          </span>
        </UnstyledButton>
        <Title order={2} fz="lg" mt="sm" ta="center" className={classes.breakWord}>
          {name}
        </Title>
        <Text size="sm" c="dimmed" ta="center" className={classes.breakWord}>
          {user.emailID}
        </Text>
        {user.companyName && (
          <Text size="sm" ta="center" className={classes.breakWord}>
            {user.companyName}
          </Text>
        )}
        <Button variant="default" size="xs" mt="sm" leftSection={<IconCamera size={14} stroke={1.8} aria-hidden />} onClick={open}>
          {t('picture.change')}
        </Button>
      </Stack>
      <ProfileImageModal opened={opened} onClose={close} imageUrl={imageUrl} hasImage={user.imagePath !== null} name={name} />
    </Card>
  );
}
