import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import {
  IconBrandPhp,
  IconBrandPython,
  IconCpu,
  IconServerBolt,
  IconSettingsAutomation,
  IconSparkles,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type TechKey = 'php' | 'ansible' | 'python' | 'nginx' | 'kvm' | 'ai';

/** The spec's technology stack; the names are products and stay untranslated. */
const STACK: readonly { key: TechKey; name: string; icon: Icon }[] = [
  { key: 'php', name: 'PHP', icon: IconBrandPhp },
  { key: 'ansible', name: 'Ansible', icon: IconSettingsAutomation },
  { key: 'python', name: 'Python', icon: IconBrandPython },
  { key: 'nginx', name: 'NGINX', icon: IconServerBolt },
  { key: 'kvm', name: 'KVM', icon: IconCpu },
  { key: 'ai', name: 'AI', icon: IconSparkles },
];

export function TechnologyGrid() {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {STACK.map(({ key, name, icon: TechIcon }) => (
        <Paper key={key} component="li" withBorder radius="lg" p="md">
          <Group gap="md" wrap="nowrap">
            <ThemeIcon size={40} radius="md" variant="light">
              <TechIcon size={22} stroke={1.6} aria-hidden />
            </ThemeIcon>
            <div>
              <Text fw={600}>{name}</Text>
              <Text size="sm" c="dimmed">
                {t(`about.tech.${key}`)}
              </Text>
            </div>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
