import { Box, Group, Progress, Stepper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STEP_COUNT = 2;

/** Where the visitor is in signup: a stepper where there is room, a labelled bar on phones. */
export function SignupSteps({ step }: { step: 0 | 1 }) {
  const { t } = useTranslation('auth');
  const labels = [t('signup.stepPersonal'), t('signup.stepAddress')];
  return (
    <>
      <Stepper active={step} size="sm" iconSize={32} allowNextStepsSelect={false} visibleFrom="xs">
        {labels.map((label, index) => (
          <Stepper.Step key={label} label={label} description={t('signup.stepOf', { step: index + 1, count: STEP_COUNT })} />
        ))}
      </Stepper>
      <Box hiddenFrom="xs">
        <Group justify="space-between" gap="xs" mb={6}>
          <Text size="sm" fw={600}>
            {labels[step]}
          </Text>
          <Text size="xs" c="dimmed">
            {t('signup.stepOf', { step: step + 1, count: STEP_COUNT })}
          </Text>
        </Group>
        <Progress
          value={((step + 1) / STEP_COUNT) * 100}
          size="sm"
          radius="xl"
          aria-label={t('signup.stepOf', { step: step + 1, count: STEP_COUNT })}
        />
      </Box>
    </>
  );
}
