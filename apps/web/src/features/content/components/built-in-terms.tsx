import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './content.module.css';

type ClauseKey =
  | 'services'
  | 'serviceLevels'
  | 'fees'
  | 'ending'
  | 'refunds'
  | 'liability'
  | 'confidentiality'
  | 'notices'
  | 'disputes'
  | 'authorisedUsers';

/** Portal spec sections 1 and 9: the terms' statements and constants, in plain clauses. */
const CLAUSES: readonly ClauseKey[] = [
  'services',
  'serviceLevels',
  'fees',
  'ending',
  'refunds',
  'liability',
  'confidentiality',
  'notices',
  'disputes',
  'authorisedUsers',
];

export function BuiltInTerms() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {CLAUSES.map((key, i) => (
        <li key={key}>
          <Title order={2} fz="lg" mb={6}>
            <span className={classes.clauseNumber}>{i + 1}.</span>
            {t(`terms.clauses.${key}.title`)}
          </Title>
          <Text lh={1.7}>{t(`terms.clauses.${key}.body`)}</Text>
        </li>
      ))}
    </Stack>
  );
}
