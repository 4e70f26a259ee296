import { useState } from 'react';
import { Accordion, Badge, CloseButton, Highlight, Tabs, Text, TextInput } from '@mantine/core';
import { IconMessageCircleQuestion, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FAQ_TABS, type FaqEntry, type FaqTab } from '@mawingu/contracts/faq';
import { messages } from '@mawingu/contracts/messages';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useSpecText } from '../../../lib/spec-text.ts';
import classes from './content.module.css';
import { countByTab, filterFaq, searchWords, visibleTab } from './faq-search.ts';

/** Search box, the four tabs with their counts, and each tab's questions as an accordion. */
export function FaqBrowser({ entries }: { entries: FaqEntry[] }) {
  const { t } = useTranslation();
  const specText = useSpecText();
  const [query, setQuery] = useState('');
  const [chosenTab, setChosenTab] = useState<FaqTab>('General');
  const matches = filterFaq(entries, query);
  const counts = countByTab(matches);
  const tab = visibleTab(chosenTab, counts);
  const words = searchWords(query);
  const searching = words.length > 0;

  return (
    <>
      <TextInput
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        placeholder={t('faq.searchPlaceholder')}
        aria-label={t('faq.searchLabel')}
        type="search"
        size="md"
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={searching && <CloseButton aria-label={t('faq.clearSearch')} onClick={() => setQuery('')} />}
        maw={560}
      />
      <Text size="sm" c="dimmed" mt="xs" aria-live="polite" data-testid="faq-match-count">
        {searching ? t('faq.matchCount', { count: matches.length, query: query.trim() }) : '\u00a0'}
      </Text>

      {matches.length === 0 ? (
        <EmptyState icon={IconMessageCircleQuestion} title={specText(messages.noDataToDisplay)} />
      ) : (
        <Tabs value={tab} onChange={(value) => value && setChosenTab(value as FaqTab)} mt="lg" keepMounted={false}>
          <Tabs.List className={classes.faqTabList}>
            {FAQ_TABS.map((name) => (
              <Tabs.Tab
                key={name}
                value={name}
                className={classes.faqTab}
                rightSection={
                  <Badge size="sm" variant={name === tab ? 'filled' : 'light'} color={counts[name] ? undefined : 'gray'} circle>
                    {counts[name]}
                  </Badge>
                }
              >
                {t(`faq.tabs.${name}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {FAQ_TABS.map((name) => (
            <Tabs.Panel key={name} value={name} pt="lg">
              {counts[name] === 0 ? (
                <EmptyState icon={IconMessageCircleQuestion} title={specText(messages.noDataToDisplay)} />
              ) : (
                <Accordion variant="separated" radius="md" chevronPosition="right">
                  {matches
                    .filter((entry) => entry.tab === name)
                    .map((entry) => (
                      <Accordion.Item key={entry.ID} value={String(entry.ID)}>
                        <Accordion.Control>
                          <Highlight highlight={words} fw={600} component="span">
                            {entry.question}
                          </Highlight>
                        </Accordion.Control>
                        <Accordion.Panel>
                          <Highlight highlight={words} c="dimmed" lh={1.65}>
                            {entry.answer}
                          </Highlight>
                        </Accordion.Panel>
                      </Accordion.Item>
                    ))}
                </Accordion>
              )}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </>
  );
}
