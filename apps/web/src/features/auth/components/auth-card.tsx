import type { ReactNode } from 'react';
import { Box, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import '../mantine-auth-styles.ts';
import classes from './auth-card.module.css';

type AuthCardProps = {
  icon: ReactNode;
  title: string;
  subtitle?: ReactNode;
  /** 440 px for the short forms, wider for signup. */
  width?: number;
  children: ReactNode;
  /** Links under the card (Go Back To Log In, Register…). */
  footer?: ReactNode;
};

/** The one layout of every account screen: a centred card with an icon, a title and the form. */
export function AuthCard({ icon, title, subtitle, width = 440, children, footer }: AuthCardProps) {
  return (
    <div className={classes.band}>
      <Box w="100%" maw={width}>
        <Card className={classes.card} padding="xl">
          <Stack gap="lg">
            <Stack gap={6} align="center" ta="center">
              <ThemeIcon size={48} radius="xl" variant="light" mb={4}>
                {icon}
              </ThemeIcon>
              <Title order={1} fz={{ base: 22, sm: 26 }} lh={1.25}>
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm" maw={360}>
                  {subtitle}
                </Text>
              )}
            </Stack>
            {children}
          </Stack>
        </Card>
        {footer && (
          <Text ta="center" size="sm" mt="lg" c="dimmed">
            {footer}
          </Text>
        )}
      </Box>
    </div>
  );
}
