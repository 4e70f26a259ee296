import { Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import type { CompanyAddress } from '@mawingu/contracts/company';
import { displayValue } from '../lib/display-value.ts';

/** Office cards: city and country as the heading, the street address below; "NA" shows blank. */
export function CompanyOffices({ addresses, loading = false }: { addresses: CompanyAddress[]; loading?: boolean }) {
  if (loading) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={112} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid
      cols={{ base: 1, sm: Math.min(Math.max(addresses.length, 1), 3) }}
      spacing="lg"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {addresses.map((office, i) => {
        const place = [office.city, office.country].map(displayValue).filter(Boolean).join(', ');
        const street = displayValue(office.address);
        return (
          <Card key={`${office.address}-${i}`} component="li" padding="lg">
            <Group gap="md" align="flex-start" wrap="nowrap">
              <ThemeIcon size={40} radius="md" variant="light">
                <IconMapPin size={22} stroke={1.6} aria-hidden />
              </ThemeIcon>
              <Stack gap={2} style={{ minWidth: 0 }}>
                {place && (
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {place}
                  </Text>
                )}
                {street && (
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {street}
                  </Text>
                )}
              </Stack>
            </Group>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
