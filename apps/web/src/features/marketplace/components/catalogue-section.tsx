import type { ReactNode } from 'react';
import { Badge, Collapse, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import classes from './marketplace.module.css';

type CatalogueSectionProps = {
  id: string;
  title: string;
  text?: string;
  count?: number;
  children: ReactNode;
};

/** A collapsible marketplace section (spec: the sections toggle); open by default. */
export function CatalogueSection({ id, title, text, count, children }: CatalogueSectionProps) {
  const [open, { toggle }] = useDisclosure(true);
  return (
    <section id={id} className={classes.section} aria-labelledby={`${id}-title`}>
      <h2 className={classes.sectionHeading} id={`${id}-title`}>
        <UnstyledButton className={classes.sectionToggle} onClick={toggle} aria-expanded={open} aria-controls={`${id}-body`}>
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <span className={classes.sectionTitle}>{title}</span>
            {count !== undefined && (
              <Badge variant="light" color="gray" radius="sm" aria-hidden>
                {count}
              </Badge>
            )}
          </Group>
          <IconChevronDown size={20} stroke={1.8} aria-hidden className={classes.chevron} data-open={open || undefined} />
        </UnstyledButton>
      </h2>
      <Collapse expanded={open} id={`${id}-body`}>
        <div className={classes.sectionBody}>
          {text && (
            <Text c="dimmed" size="sm" mb="md" maw={640}>
              {text}
            </Text>
          )}
          {children}
        </div>
      </Collapse>
    </section>
  );
}
