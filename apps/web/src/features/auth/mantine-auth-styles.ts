// Mantine CSS of the components only the account pages use: it loads with their chunk, not with
// every first page (the shared ones are in app/mantine-styles.ts).
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/PinInput.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Stepper.css';
