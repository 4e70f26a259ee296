import { useEffect, useRef, useState } from 'react';
import { Modal, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconConfetti } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Spec sections 4 and 9: the bar ticks every 499 ms and the modal leaves after 3 seconds. */
export const WELCOME_TICK_MS = 499;
export const WELCOME_DELAY_MS = 3000;

type WelcomeModalProps = { firstName: string; onDone: () => void };

/** Shown after the first code of a new account (flag 1) while the portal gets ready. */
export function WelcomeModal({ firstName, onDone }: WelcomeModalProps) {
  const { t } = useTranslation('auth');
  const [elapsed, setElapsed] = useState(0);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    const tick = setInterval(() => setElapsed((ms) => Math.min(WELCOME_DELAY_MS, ms + WELCOME_TICK_MS)), WELCOME_TICK_MS);
    const leave = setTimeout(() => done.current(), WELCOME_DELAY_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(leave);
    };
  }, []);

  const name = firstName.trim();
  const title = name ? t('otp.welcomeTitle', { name }) : t('otp.welcomeTitleNoName');
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={null}
      aria-label={title}
    >
      <Stack align="center" ta="center" gap="md" py="md">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconConfetti size={28} stroke={1.6} aria-hidden />
        </ThemeIcon>
        <Title order={2} fz={22}>
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {t('otp.welcomeText')}
        </Text>
        <Progress
          value={(elapsed / WELCOME_DELAY_MS) * 100}
          w="100%"
          size="md"
          radius="xl"
          transitionDuration={WELCOME_TICK_MS}
          aria-label={t('otp.welcomeProgress')}
        />
      </Stack>
    </Modal>
  );
}
