// Mantine CSS of the components only the purchase pages use: it loads with their chunks, not with
// every first page (the shared ones are in app/mantine-styles.ts; Grid.css is also the auth pages').
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Table.css';
