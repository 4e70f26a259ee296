import { SimpleGrid, Text } from '@mantine/core';
import { OsIcon } from '../os-icon.tsx';
import classes from './vm-card.module.css';

export const vmCardClass = classes.card;

/** The VM's own image when it has one ("NA" means none), else the icon of its operating system. */
export function VmOsTile({ imagePath, osType }: { imagePath: string | null | undefined; osType: string }) {
  const image = imagePath && imagePath !== 'NA' ? imagePath : null;
  return (
    <div className={classes.osTile}>
      {image ? <img src={image} alt="" width={36} height={36} /> : <OsIcon osType={osType} size={36} decorative />}
    </div>
  );
}

export type VmSpec = { value: string; label: string };

/** RAM, disk and CPU as three tiles of equal width. */
export function VmSpecGrid({ specs }: { specs: readonly VmSpec[] }) {
  return (
    <SimpleGrid cols={specs.length} spacing="xs">
      {specs.map((spec) => (
        <div key={spec.label} className={classes.spec}>
          <Text fw={600} size="sm" lh={1.3}>
            {spec.value}
          </Text>
          <Text size="xs" c="dimmed">
            {spec.label}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
