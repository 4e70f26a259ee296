import type { ReactNode } from 'react';
import { ActionIcon, Badge, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { OsIcon, useOsLabel } from '../../../components/os-icon.tsx';
import classes from './purchase.module.css';

type ProductHeadingProps = {
  name: string;
  producttype: string;
  osType: string;
  description?: string;
  gold?: boolean;
  onBack: () => void;
  backLabel: string;
  /** Save-for-later and share icons. */
  actions?: ReactNode;
  children?: ReactNode;
};

/** Title band of the configurator: back arrow, logo by producttype, product name, OS, actions. */
export function ProductHeading({
  name,
  producttype,
  osType,
  description,
  gold,
  onBack,
  backLabel,
  actions,
  children,
}: ProductHeadingProps) {
  const { t } = useTranslation('purchase');
  const osLabel = useOsLabel();
  return (
    <div className={classes.band}>
      <Container py={{ base: 20, sm: 32 }}>
        <div className={classes.heading}>
          <ActionIcon variant="default" size="lg" radius="xl" aria-label={backLabel} onClick={onBack} className={classes.headingBack}>
            <IconArrowLeft size={18} stroke={1.8} aria-hidden />
          </ActionIcon>
          <div className={`${classes.logo} ${classes.headingLogo}`}>
            <OsIcon osType={producttype} size={40} decorative />
          </div>
          <Stack gap={4} className={classes.headingText}>
            <Title order={1} className={classes.title}>
              {name}
            </Title>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {osLabel(osType || producttype)}
              </Text>
              {gold && (
                <Badge color="yellow" variant="filled" size="sm" radius="sm">
                  {t('configure.goldBadge')}
                </Badge>
              )}
            </Group>
            {description && (
              <Text size="sm" c="dimmed" maw={720} visibleFrom="sm">
                {description}
              </Text>
            )}
            {children}
          </Stack>
          {actions && (
            <Group gap={6} wrap="nowrap" className={classes.headingActions}>
              {actions}
            </Group>
          )}
        </div>
      </Container>
    </div>
  );
}
