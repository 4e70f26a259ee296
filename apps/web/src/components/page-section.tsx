import type { ReactNode } from 'react';
import { Container } from '@mantine/core';
import classes from './page-section.module.css';

type PageSectionProps = { labelledBy: string; muted?: boolean; children: ReactNode };

/** A full-width band of a page (white, or grey to set it apart from its neighbours) around a Container. */
export function PageSection({ labelledBy, muted = false, children }: PageSectionProps) {
  return (
    <section className={muted ? classes.muted : classes.plain} aria-labelledby={labelledBy}>
      <Container>{children}</Container>
    </section>
  );
}
