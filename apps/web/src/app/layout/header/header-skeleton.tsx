import { Container, Group, Skeleton } from '@mantine/core';
import classes from './header.module.css';

/** Header shape while the configuration loads, so the first paint is never blank. */
export function HeaderSkeleton() {
  return (
    <header className={classes.header} aria-busy="true" data-testid="header-skeleton">
      <Container className={classes.inner}>
        <div className={classes.start}>
          <Skeleton width={170} height={60} radius="sm" />
          <Group gap="md" className={classes.desktopNav}>
            <Skeleton width={48} height={14} radius="xl" />
            <Skeleton width={88} height={14} radius="xl" />
            <Skeleton width={48} height={14} radius="xl" />
          </Group>
        </div>
        <Skeleton width={140} height={36} radius="md" />
      </Container>
    </header>
  );
}
